import { useQuery } from "@tanstack/react-query";
import { portalKeys } from "../../lib/query-keys";
import { fetchMarkdown } from "./doc-sources";
import { parseMarkdown } from "./markdown";

/** A document of docs/, read and parsed once per visit of the portal (the files change only with a new build). */
export function useDocument(url: string | undefined) {
  return useQuery({
    queryKey: portalKeys.document(url ?? ""),
    queryFn: async () => parseMarkdown(await fetchMarkdown(url ?? "")),
    enabled: url !== undefined,
    staleTime: Infinity,
  });
}
