/** The explorer's views, each at /sandbox/<id> (the first also at /sandbox). */
export const sections = [
  { id: "accounts", label: "Customers & accounts" },
  { id: "transactions", label: "Transactions" },
  { id: "payments", label: "Payments" },
  { id: "clock", label: "Clock & batch" },
  { id: "scenarios", label: "Scenarios" },
  { id: "identities", label: "Test identities" },
  { id: "data", label: "Data" },
] as const;

export type SectionId = (typeof sections)[number]["id"];

export function sectionOf(param: string | undefined): SectionId | undefined {
  if (param === undefined || param === "") return "accounts";
  return sections.find((section) => section.id === param)?.id;
}
