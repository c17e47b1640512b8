/** Renders what markdown.ts read as React elements: text stays text, never HTML. */
import { ScrollBox } from "../../components/scroll-box";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { CodeBlock } from "../../components/code-block";
import type { Block, Inline } from "./markdown";

/** Where a link of a document leads: a page of the portal, another site, or a file of the repository. */
export type LinkTarget = { kind: "portal"; to: string } | { kind: "external"; href: string } | { kind: "file"; path: string };

function InlineView({ parts, linkTo }: { parts: Inline[]; linkTo: (href: string) => LinkTarget }): ReactNode {
  return parts.map((part, index) => {
    switch (part.kind) {
      case "text":
        return part.text;
      case "code":
        return <code key={index}>{part.text}</code>;
      case "strong":
        return (
          <strong key={index}>
            <InlineView parts={part.children} linkTo={linkTo} />
          </strong>
        );
      case "em":
        return (
          <em key={index}>
            <InlineView parts={part.children} linkTo={linkTo} />
          </em>
        );
      case "link": {
        const target = linkTo(part.href);
        const label = <InlineView parts={part.children} linkTo={linkTo} />;
        if (target.kind === "portal")
          return (
            <Link key={index} href={target.to}>
              {label}
            </Link>
          );
        if (target.kind === "external")
          return (
            <a key={index} href={target.href} rel="noreferrer">
              {label}
            </a>
          );
        // A file the portal does not show: say where it is in the repository.
        return (
          <span key={index}>
            {label} (<code>{target.path}</code> in the repository)
          </span>
        );
      }
    }
  });
}

export function MarkdownView({ blocks, linkTo }: { blocks: Block[]; linkTo: (href: string) => LinkTarget }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case "heading": {
        const Heading = `h${String(block.level)}` as "h2";
        return (
          <Heading key={index}>
            <InlineView parts={block.children} linkTo={linkTo} />
          </Heading>
        );
      }
      case "paragraph":
        return (
          <p key={index}>
            <InlineView parts={block.children} linkTo={linkTo} />
          </p>
        );
      case "list": {
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex}>
            <InlineView parts={item} linkTo={linkTo} />
          </li>
        ));
        return block.ordered ? (
          <ol key={index} start={block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      }
      case "table":
        return (
          <ScrollBox key={index} label="Table">
            <table>
              <thead>
                <tr>
                  {block.head.map((cell, cellIndex) => (
                    <th key={cellIndex} scope="col">
                      <InlineView parts={cell} linkTo={linkTo} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, cellIndex) => (
                      <td key={cellIndex}>
                        <InlineView parts={cell} linkTo={linkTo} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        );
      case "code":
        return <CodeBlock key={index} text={block.text} label={block.language || "text"} />;
    }
  });
}
