import { Link } from "wouter";
import { MethodBadge } from "./method-badge";
import { operations, type Operation } from "../contract/operations";

const groups = [...new Set(operations.map((operation) => operation.group))];

function OperationRow({ operation, hrefPrefix }: { operation: Operation; hrefPrefix: string }) {
  return (
    <li className="operation-row">
      <Link href={`${hrefPrefix}/${operation.id}`} className="operation-link">
        <MethodBadge method={operation.method} />
        <span className="operation-title">{operation.title}</span>
        <code className="operation-path">{operation.path}</code>
        {operation.pathChosen ? (
          <span className="tag" title="The spec names this operation without a path">
            path chosen by this sandbox
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** Every operation of the interface, grouped as the spec groups them. */
export function OperationList({ headingLevel = 2, hrefPrefix = "/reference" }: { headingLevel?: 2 | 3; hrefPrefix?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="operation-groups">
      {groups.map((group) => (
        <section key={group} aria-labelledby={`group-${group}`}>
          <Heading id={`group-${group}`}>{group}</Heading>
          <ul className="operation-list">
            {operations
              .filter((operation) => operation.group === group)
              .map((operation) => (
                <OperationRow key={operation.id} operation={operation} hrefPrefix={hrefPrefix} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
