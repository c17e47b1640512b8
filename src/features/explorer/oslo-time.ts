/**
 * The sandbox keeps Oslo time: its business date, its batch times (06:00 … 18:00) and the bank
 * holidays are Norwegian. Times are shown and entered as Oslo wall-clock time, whatever zone the
 * developer's browser is in.
 */
const ZONE = "Europe/Oslo";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

interface Wall {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function wallOf(instant: number): Wall {
  const found: Record<string, string> = {};
  for (const part of parts.formatToParts(instant)) found[part.type] = part.value;
  const pick = (name: string) => found[name] ?? "00";
  return { year: pick("year"), month: pick("month"), day: pick("day"), hour: pick("hour"), minute: pick("minute"), second: pick("second") };
}

const toMs = (value: number | string) => (typeof value === "number" ? value : Date.parse(value));

/** "2026-05-14 13:05:12" in Oslo time; "" for an unreadable instant. */
export function formatOslo(value: number | string, withSeconds = true): string {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return "";
  const wall = wallOf(ms);
  return `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}${withSeconds ? `:${wall.second}` : ""}`;
}

/** The value a datetime-local input shows for an instant: "2026-05-14T13:05" in Oslo time. */
export function osloInputValue(value: number | string): string {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return "";
  const wall = wallOf(ms);
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}`;
}

/** Oslo's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const wall = wallOf(instant);
  const asUtc = Date.UTC(Number(wall.year), Number(wall.month) - 1, Number(wall.day), Number(wall.hour), Number(wall.minute), Number(wall.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of an Oslo wall-clock time "YYYY-MM-DDTHH:MM", as ISO 8601 UTC; undefined when it
 * is not one. A time skipped by the spring change is read as the hour after it.
 */
export function osloWallToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = Number(match[6] ?? "0");
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant).toISOString();
}
