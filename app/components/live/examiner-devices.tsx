import { useTranslation } from "react-i18next";
import { Section } from "~/components/ui/section";
import { DeviceContact, type DeviceContactView } from "./device-contact";

// The examiners' tablets of a running session (issue 32): who, at which station, last contact and
// the ticks still waiting on each; a silent one is flagged.

export type ExaminerDeviceView = DeviceContactView & {
  id: string;
  name: string;
  station: { id: string; name: string } | null;
};

export function ExaminerDevices({ devices }: { devices: readonly ExaminerDeviceView[] }) {
  const { t } = useTranslation();
  return (
    <Section
      heading={t("live:devices.examiners-heading")}
      className="flex flex-col gap-2"
      testId="examiner-devices-section"
    >
      {devices.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="examiner-devices-empty">
          {t("live:devices.examiners-none")}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" data-testid="examiner-devices">
          {devices.map((d) => (
            <li
              key={d.id}
              className={`rounded-md border bg-white px-3 py-2 text-sm ${d.silent ? "border-red-300" : "border-slate-200"}`}
              data-testid="examiner-device"
            >
              <div className="font-medium">{d.name}</div>
              <div className="text-xs text-slate-700">{d.station?.name ?? t("live:devices.no-station")}</div>
              <DeviceContact device={d} waitingKey="live:devices.waiting-ticks" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
