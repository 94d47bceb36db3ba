import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";

// A device's last contact and what still waits on it (issue 32): on each participant's row of the
// live grid and each examiner's tablet. Silent for more than a minute while the session runs:
// flagged in words and colour (never colour alone).

export type DeviceContactView = {
  lastContactAt: Date | string | null;
  waitingOnDevice: number;
  silent: boolean;
};

export function DeviceContact({
  device,
  waitingKey,
  testId = "device-contact",
}: {
  device: DeviceContactView;
  /** live:devices.waiting-answers or live:devices.waiting-ticks (takes `count`). */
  waitingKey: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const last = device.lastContactAt;
  return (
    <div
      className={`text-xs ${device.silent ? "font-medium text-red-800" : "text-slate-600"}`}
      data-testid={testId}
      data-silent={device.silent}
      data-waiting={device.waitingOnDevice}
    >
      {device.silent ? (
        <span className="mr-1 rounded bg-red-100 px-1 text-red-900" data-testid="device-silent">
          {t("live:devices.silent")}
        </span>
      ) : null}
      <span data-testid="last-contact">
        {last ? t("live:devices.last-contact", { time: format.exactTime(last) }) : t("live:devices.no-contact")}
      </span>
      {device.waitingOnDevice > 0 ? (
        <span className="ml-1 font-medium text-amber-900" data-testid="device-waiting">
          · {t(waitingKey, { count: device.waitingOnDevice })}
        </span>
      ) : null}
    </div>
  );
}
