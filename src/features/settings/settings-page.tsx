/**
 * Settings: where requests go, which certificate signs them (make, import, choose, delete), the
 * TPP's contact e-mail in the sandbox, and the PSU the forms start with.
 */
import { PageTitle } from "../../components/page-title";
import { BaseAddressesSection } from "./base-addresses-section";
import { CertificatesSection } from "./certificates-section";
import { ContactEmailSection } from "./contact-email-section";
import { DefaultPsuSection } from "./default-psu-section";
import "./settings.css";

const sections = [
  { id: "base-addresses", label: "Base addresses" },
  { id: "certificates", label: "Certificates" },
  { id: "contact-email", label: "TPP contact e-mail" },
  { id: "default-psu", label: "Default PSU" },
];

export default function SettingsPage() {
  return (
    <section className="page settings-page">
      <PageTitle title="Settings">Settings</PageTitle>
      <p className="lead">Where the portal sends requests, the certificate that signs them, and what the sandbox knows about you as a TPP. Kept in this browser.</p>
      <nav aria-label="Settings sections" className="settings-toc">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <BaseAddressesSection />
      <CertificatesSection />
      <ContactEmailSection />
      <DefaultPsuSection />
    </section>
  );
}
