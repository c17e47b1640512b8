/** "3 d 4 h 5 min": how far ahead of real time the sandbox clock runs. */
export function describeDuration(ms: number): string {
  const minutes = Math.round(Math.max(0, ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${String(days)} d` : "", hours ? `${String(hours)} h` : "", rest ? `${String(rest)} min` : ""].filter(Boolean);
  return parts.length ? parts.join(" ") : "less than a minute";
}
