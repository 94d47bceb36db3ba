import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslation } from "react-i18next";

// One participant's row of the order grid: each evaluation is dragged (mouse, touch, or keyboard:
// space, arrows, space) onto another position of the same row, and the two swap. dnd-kit does the
// dragging; a row is its own drag context, so nothing can be dropped into another participant's row.

export type OrderRowProps = {
  row: number;
  participant: string;
  name: string;
  order: string[];
  evaluationName: (id: string) => string;
  isClash: (position: number, evaluation: string) => boolean;
  canWrite: boolean;
  /** Swaps positions `a` and `b` and saves the row. */
  onSwap: (a: number, b: number) => void;
};

// Items are ids of positions (an evaluation appears once per row, but ids must also survive a swap).
const itemId = (row: number, position: number) => `${row}:${position}`;
const positionOf = (id: string | number) => Number(String(id).split(":")[1]);

export function OrderRow({ row, participant, name, order, evaluationName, isClash, canWrite, onSwap }: OrderRowProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A short move starts a drag, so the arrow buttons inside a cell still take plain clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const items = order.map((_, c) => itemId(row, c));
  const said = (key: string, id: string | number, over?: string | number) =>
    t(`scheduling:order.${key}`, {
      evaluation: evaluationName(order[positionOf(id)] ?? ""),
      n: positionOf(over ?? id) + 1,
    });
  const announcements: Announcements = {
    onDragStart: ({ active }) => said("drag-picked", active.id),
    onDragOver: ({ active, over }) => (over ? said("drag-over", active.id, over.id) : undefined),
    onDragEnd: ({ active, over }) => said("drag-dropped", active.id, over?.id ?? active.id),
    onDragCancel: ({ active }) => said("drag-canceled", active.id),
  };
  function end({ active, over }: DragEndEvent) {
    if (over) onSwap(positionOf(active.id), positionOf(over.id));
  }

  return (
    <tr className="border-t border-slate-100" data-testid={`order-row-${row}`}>
      <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 font-medium">
        {name}
      </th>
      <DndContext
        // A fixed id: dnd-kit's generated ids would differ between the server's HTML and the browser.
        id={`order-${participant}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={end}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t("scheduling:order.drag-instructions") },
        }}
      >
        {/* No preview shuffle: the dropped cell swaps with the one under it. */}
        <SortableContext items={items} strategy={noShift} disabled={!canWrite}>
          {order.map((ev, c) => (
            <OrderCell
              key={`${ev}-${c}`}
              id={items[c]!}
              row={row}
              position={c}
              positions={order.length}
              evaluation={ev}
              label={evaluationName(ev)}
              participantName={name}
              clash={isClash(c, ev)}
              canWrite={canWrite}
              onSwap={onSwap}
            />
          ))}
        </SortableContext>
      </DndContext>
    </tr>
  );
}

const noShift = () => null;

function OrderCell(props: {
  id: string;
  row: number;
  position: number;
  positions: number;
  evaluation: string;
  label: string;
  participantName: string;
  clash: boolean;
  canWrite: boolean;
  onSwap: (a: number, b: number) => void;
}) {
  const { id, row, position: c, positions, evaluation, label, participantName, clash, canWrite, onSwap } = props;
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging, isOver } = useSortable({
    id,
    disabled: !canWrite,
  });
  return (
    <td
      className="px-1 py-1"
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        position: "relative",
        zIndex: isDragging ? 20 : undefined,
      }}
    >
      <div
        data-testid={`cell-${row}-${c}`}
        data-evaluation={evaluation}
        data-clash={clash ? "true" : undefined}
        title={clash ? t("scheduling:order.clash") : undefined}
        className={`flex items-center justify-between gap-1 rounded border px-2 py-1 ${
          clash ? "border-red-400 bg-red-50 text-red-900" : "border-slate-200 bg-selected/40"
        } ${isOver && !isDragging ? "ring-2 ring-primary" : ""} ${isDragging ? "shadow-lg" : ""}`}
      >
        {canWrite ? (
          <button
            type="button"
            className="px-1 text-primary disabled:opacity-30"
            disabled={c === 0}
            onClick={() => onSwap(c, c - 1)}
            aria-label={t("scheduling:order.move-left", { evaluation: label, name: participantName })}
          >
            ←
          </button>
        ) : null}
        {/* The name is the drag handle (keyboard: focus it, space, arrows, space). */}
        <span
          ref={setActivatorNodeRef}
          {...(canWrite ? { ...attributes, ...listeners } : {})}
          data-testid={`handle-${row}-${c}`}
          className={`grow touch-none select-none rounded px-1 ${canWrite ? "cursor-grab focus:outline-none focus-visible:ring-2 focus-visible:ring-primary" : ""}`}
        >
          {label}
          {clash ? <span className="sr-only"> — {t("scheduling:order.clash")}</span> : null}
        </span>
        {canWrite ? (
          <button
            type="button"
            className="px-1 text-primary disabled:opacity-30"
            disabled={c === positions - 1}
            onClick={() => onSwap(c, c + 1)}
            aria-label={t("scheduling:order.move-right", { evaluation: label, name: participantName })}
          >
            →
          </button>
        ) : null}
      </div>
    </td>
  );
}
