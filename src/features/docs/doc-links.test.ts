import { describe, expect, it } from "vitest";
import { linkTarget } from "./doc-links";

describe("links between the docs", () => {
  it("open a decision record, the list of records or the quick start in the portal", () => {
    expect(linkTarget("0019-signature-header-statuses-and-size-codes.md", "docs/decisions/0004-error-codes-and-statuses.md")).toEqual({
      kind: "portal",
      to: "/decisions/0019-signature-header-statuses-and-size-codes",
    });
    expect(linkTarget("decisions/README.md", "docs/back-end-quick-start.md")).toEqual({ kind: "portal", to: "/decisions" });
    expect(linkTarget("../back-end-quick-start.md", "docs/decisions/0021-code-snippets-and-the-public-test-certificate.md")).toEqual({
      kind: "portal",
      to: "/quick-start",
    });
    expect(linkTarget("openapi.md", "docs/back-end-quick-start.md")).toEqual({ kind: "portal", to: "/openapi" });
  });
  it("name any other file by its path in the repository, and leave other sites as they are", () => {
    expect(linkTarget("signing.md", "docs/back-end-quick-start.md")).toEqual({ kind: "file", path: "docs/signing.md" });
    expect(linkTarget("0999-not-a-record.md", "docs/decisions/README.md")).toEqual({ kind: "file", path: "docs/decisions/0999-not-a-record.md" });
    expect(linkTarget("../../../shared/design.md", "docs/decisions/README.md")).toEqual({ kind: "file", path: "../../../shared/design.md" });
    expect(linkTarget("https://www.rfc-editor.org/rfc/rfc8288", "docs/decisions/README.md")).toEqual({
      kind: "external",
      href: "https://www.rfc-editor.org/rfc/rfc8288",
    });
  });
});
