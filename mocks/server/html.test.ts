import { describe, expect, test } from "vitest";
import { escapeHtml, html, raw } from "./html";

describe("html", () => {
  test("escapes text and attribute values", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
  test("the template escapes every value but Html, and flattens arrays", () => {
    const name = '"><script>alert(1)</script>';
    expect(html`<p title="${name}">${name}</p>`.html).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(html`<ul>${["<a>", "b"].map((item) => html`<li>${item}</li>`)}</ul>`.html).toBe("<ul><li>&lt;a&gt;</li><li>b</li></ul>");
    expect(html`${raw("<br>")}${undefined}${null}${false}${0}`.html).toBe("<br>0");
  });
});
