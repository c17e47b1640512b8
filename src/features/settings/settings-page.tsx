/**
 * Settings: which sandbox the portal works with, which certificate signs them (make, import, choose, delete), the
 * TPP's contact e-mail in the sandbox, and the PSU the forms start with.
 */
import { PageTitle } from "../../components/page-title";
import { SandboxSection } from "./sandbox-section";
import { CertificatesSection } from "./certificates-section";
import { ContactEmailSection } from "./contact-email-section";
import { DefaultPsuSection } from "./default-psu-section";
import "./settings.css";

const sections = [
  { id: "sandbox", label: "Sandbox" },
  { id: "certificates", label: "Certificates" },
  { id: "contact-email", label: "TPP contact e-mail" },
  { id: "default-psu", label: "Default PSU" },
];

export default function SettingsPage() {
  return (
    <section className="page settings-page">
      <PageTitle title="Settings">Settings</PageTitle>
      <p className="lead">
        Which sandbox the portal works with, the certificate that signs them, and what the sandbox knows about you as a TPP. Kept in this browser.
      </p>
      <nav aria-label="Settings sections" className="settings-toc">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <SandboxSection />
      <CertificatesSection />
      <ContactEmailSection />
      <DefaultPsuSection />
    </section>
  );
}
