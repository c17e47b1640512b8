/**
 * Which sandbox servers are hosted (multi-tenant: GET /__sandbox/info says `multiTenant: true`): on
 * those every control route is signed with the TPP's certificate, which also chooses the TPP's own
 * sandbox there (decision 0039). Asked once per server and kept; a server that does
 * not answer is asked again next time.
 */
import { SandboxInfo } from "../contract/control-schemas";
import { hrefOf } from "../contract/paths";

const known = new Map<string, Promise<boolean>>();

/** What a server's info said (server-watch.ts reads it anyway). */
export function rememberHosted(url: string, multiTenant: boolean): void {
  known.set(url, Promise.resolve(multiTenant));
}

export function isHostedServer(url: string): Promise<boolean> {
  let answer = known.get(url);
  if (!answer) {
    answer = fetch(`${url}${hrefOf("sandboxInfo", {})}`, { cache: "no-store" })
      .then(async (response) => SandboxInfo.safeParse(await response.json()).data?.multiTenant === true)
      .catch(() => {
        known.delete(url);
        return false;
      });
    known.set(url, answer);
  }
  return answer;
}
