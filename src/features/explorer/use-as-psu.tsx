/** "Use as PSU in forms" for a customer, or a tag when the forms already act for them. */
import { updateSettings, useSettings } from "../../lib/settings";

export function UseAsPsu({ psuId, name }: { psuId: string; name: string }) {
  const settings = useSettings();
  if (settings.psuId === psuId) return <span className="tag">PSU in forms</span>;
  return (
    <button type="button" className="button-small" onClick={() => updateSettings({ psuId })}>
      Use as PSU in forms<span className="visually-hidden">: {name}</span>
    </button>
  );
}
