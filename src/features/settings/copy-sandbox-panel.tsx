/**
 * The way across between the two sandboxes: copy this browser's to the server, or the server's to
 * this browser. Each says what it will replace, from what the target holds now, and asks first.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ConfirmAction } from "../../components/confirm-action";
import { sandboxName, type SandboxChoice } from "../../lib/settings";
import { copySandbox, describeHoldings, holdingsOf } from "./copy-sandbox";

function Holdings({ sandbox }: { sandbox: SandboxChoice }) {
  const holdings = useQuery({ queryKey: ["portal", "holdings", sandbox], queryFn: () => holdingsOf(sandbox), staleTime: 0, gcTime: 0, retry: false });
  if (holdings.isPending) return <>counting what it holds…</>;
  if (holdings.isError) return <>what it holds could not be read: {holdings.error.message}</>;
  return <>{describeHoldings(holdings.data)}</>;
}

function Question({ from, to }: { from: SandboxChoice; to: SandboxChoice }) {
  return (
    <>
      Replace everything {sandboxName(to)} holds (<Holdings sandbox={to} />) with what {sandboxName(from)} holds (<Holdings sandbox={from} />
      )? Its clock and batch times are copied too. Nothing else is kept: export it first from the explorer’s Data view if you want it back.
    </>
  );
}

export function CopySandbox({ serverUrl }: { serverUrl: string }) {
  const browser: SandboxChoice = { kind: "browser" };
  const server: SandboxChoice = { kind: "server", url: serverUrl };
  const copy = useMutation({ mutationFn: ({ from, to }: { from: SandboxChoice; to: SandboxChoice }) => copySandbox(from, to) });
  return (
    <div className="panel settings-form">
      <h3>Move data between them</h3>
      <p>
        Both sandboxes start with the same fixed data, then each keeps its own. Copy one onto the other to carry on where you were, for instance when your back
        end takes over from the portal. The server is {serverUrl}.
      </p>
      <div className="form-actions">
        <ConfirmAction
          label="Copy this browser’s sandbox to the server…"
          question={<Question from={browser} to={server} />}
          confirmLabel="Yes, replace the server’s data"
          busy={copy.isPending}
          onConfirm={() => {
            copy.mutate({ from: browser, to: server });
          }}
        />
        <ConfirmAction
          label="Copy the server’s sandbox to this browser…"
          question={<Question from={server} to={browser} />}
          confirmLabel="Yes, replace this browser’s data"
          busy={copy.isPending}
          onConfirm={() => {
            copy.mutate({ from: server, to: browser });
          }}
        />
      </div>
      <div aria-live="polite">
        {copy.isPending ? <p className="muted">Copying…</p> : null}
        {copy.isSuccess ? <p className="outcome-ok">{copy.data}</p> : null}
      </div>
      {copy.isError ? (
        <p role="alert" className="panel panel-error">
          Nothing was copied: {copy.error.message}
        </p>
      ) : null}
    </div>
  );
}
