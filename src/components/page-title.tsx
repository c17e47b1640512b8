import { useEffect, type ReactNode } from "react";

/** The page's h1, also written to the document title so tabs and history read well. */
export function PageTitle({ children, title }: { children: ReactNode; title: string }) {
  useEffect(() => {
    document.title = `${title} · PSD2 Sandbox Portal`;
  }, [title]);
  return <h1>{children}</h1>;
}
