/** Java 17+, standard library only (java.net.http, java.security): the request signed at run time. */
import { ADDRESS_NOTE, identityList, NO_OWN_DATA, SETUP_COMMENT, SETUP_PATHS, userValueHelp, type OwnData } from "./own-data";
import {
  batchRunPath,
  JOURNEY_SLUG,
  scaControlPath,
  SIGNED_HEADER_ORDER,
  slug,
  statusPathSuffix,
  type CodeJourney,
  type CodeRequest,
  type Generator,
} from "./request-model";

// A JSON string is a valid Java string literal: JSON escapes only with \" \\ \n \r \t \b \f and, for
// other control characters, \u00XX, which Java turns into that character before parsing (never a quote or newline).
const str = (text: string) => JSON.stringify(text);
const headerCall = (headers: CodeRequest["headers"], indent: string) =>
  headers.length === 0 ? "headers()" : `headers(\n${headers.map(([name, value]) => `${indent}        ${str(name)}, ${str(value)}`).join(",\n")})`;
const className = (name: string) =>
  name
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")
    .replace(/^(\d)/, "Request$1");

/** Java source: the values the requests' {{variables}} take (dates of the day it runs, the user's ids, the setup's customers and accounts), as setup(). */
function values(own: OwnData, base: string): string {
  const dates =
    own.dates.length === 0
      ? ""
      : `
        // Dates as the sandbox's calendar names them (Oslo), computed when the program runs.
        var today = java.time.LocalDate.now(java.time.ZoneId.of("Europe/Oslo"));
        VALUES.put("today", today.toString());
        VALUES.put("firstOfNextMonth", today.withDayOfMonth(1).plusMonths(1).toString());`;
  const user = own.fromUser
    .map(
      (value) => `
        if (System.getenv(${str(value.env)}) == null) throw new IllegalStateException(${str(userValueHelp(value))});
        VALUES.put(${str(value.variable)}, System.getenv(${str(value.env)}));`,
    )
    .join("");
  const calls = own.customers
    .map(
      (customer) =>
        `\n        newCustomer(${str(customer.key)}, ${str(identityList(customer.kind))});${own.accounts
          .filter((account) => account.owner === customer.key)
          .map((account) => `\n        openAccount(${str(account.key)}, ${str(account.body)});`)
          .join("")}`,
    )
    .join("");
  const helpers =
    own.customers.length === 0
      ? ""
      : `
    /** A sandbox-only route read as text. */
    static String get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(${base} + path)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).body();
    }

    /** A string field of a flat JSON object (the standard library has no JSON parser). */
    static String field(String json, String name) {
        var match = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"]*)\\"").matcher(json);
        if (!match.find()) throw new IllegalStateException("no " + name + " in " + json);
        return match.group(1);
    }

    /** A customer of this program's own: a new number from the sandbox's identity generator. */
    static void newCustomer(String key, String identityList) throws Exception {
        var match = Pattern.compile("\\"" + identityList + "\\"\\\\s*:\\\\s*\\\\[\\\\s*\\"(\\\\d+)\\"").matcher(get(${str(SETUP_PATHS.identities)}));
        if (!match.find()) throw new IllegalStateException("no " + identityList + " from the identity generator");
        VALUES.put(key + "Number", match.group(1));
    }

    /** An account for it (the customer is made with its first account): its number, IBAN and id. */
    static void openAccount(String key, String body) throws Exception {
        String account = send("POST", ${base} + ${str(SETUP_PATHS.accounts)}, headers("Content-Type", "application/json", "Accept", "application/json"), body).body();
        VALUES.put(key + "Bban", field(account, "bban"));
        VALUES.put(key + "Iban", field(account, "iban"));
        VALUES.put(key + "Id", field(account, "resourceId"));
    }

    /** Their PSU-IDs and names, as the sandbox made them. */
    static void readCustomers(String... keys) throws Exception {
        var customers = Pattern.compile("\\\\{[^{}]*\\\\}").matcher(get(${str(SETUP_PATHS.customers)}));
        while (customers.find()) {
            String customer = customers.group();
            for (String key : keys) {
                if (field(customer, "customerNumber").equals(VALUES.get(key + "Number"))) {
                    VALUES.put(key + "PsuId", field(customer, "psuId"));
                    VALUES.put(key + "Name", field(customer, "name"));
                }
            }
        }
    }
`;
  const setup =
    calls === "" ? "" : `\n        // ${SETUP_COMMENT}${calls}\n        readCustomers(${own.customers.map((customer) => str(customer.key)).join(", ")});`;
  return `${helpers}
    /** Fills the values of the {{name}}s in the requests. */
    static void setup() throws Exception {${dates}${user}${setup}
    }
`;
}

function prelude(title: string, name: string, bases: string): string {
  return `// ${title}.
//
// Signed at run time as the PSD2 interface requires (spec section 5): a fresh X-Request-ID and
// Date, the Digest of the body, and the Signature over them made with your key.
// Needs Java 17 or newer (a JDK), standard library only. Run: java ${name}.java
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.security.auth.x500.X500Principal;

public class ${name} {
    // Your private key as PKCS#8 PEM ("BEGIN PRIVATE KEY"); convert a PKCS#1 one with
    // openssl pkcs8 -topk8 -nocrypt -in rsa-key.pem -out tpp-key.pem
    static final String KEY_FILE = "tpp-key.pem";
    static final String CERT_FILE = "tpp-cert.pem"; // your certificate, PEM
${bases}

    // Headers signed whenever the request carries them, in this order (spec 5.4).
    static final List<String> SIGNED_HEADERS = List.of(${SIGNED_HEADER_ORDER.map(str).join(", ")});
    // IMF-fixdate (RFC 7231), e.g. "Tue, 03 Nov 2026 08:00:00 GMT": two-digit day, English names.
    static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** The environment variable's value, or fallback when it is unset. */
    static String orEnv(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    static PrivateKey privateKey;
    static X509Certificate certificate;
    static String keyId;

    static void loadCredentials() throws Exception {
        String pem = Files.readString(Path.of(KEY_FILE)).replaceAll("-----[A-Z ]+-----|\\\\s", "");
        privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        try (var in = Files.newInputStream(Path.of(CERT_FILE))) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        // keyId names the certificate by serial number and issuer (spec 5.2); 2.5.4.97 by its name, not as hex.
        String issuer = certificate.getIssuerX500Principal().getName(X500Principal.RFC2253, Map.of("2.5.4.97", "organizationIdentifier"));
        keyId = "SN=" + certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT) + ",CA=" + issuer;
    }

    /** Adds Digest, Signature and TPP-Signature-Certificate to headers; body is the exact bytes sent. */
    static void sign(Map<String, String> headers, byte[] body) throws Exception {
        headers.put("Digest", "SHA-256=" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(body)));
        var present = new LinkedHashMap<String, String>();
        headers.forEach((name, value) -> present.put(name.toLowerCase(Locale.ROOT), value.strip()));
        var signed = SIGNED_HEADERS.stream().filter(present::containsKey).toList();
        String signingString = String.join("\\n", signed.stream().map(name -> name + ": " + present.get(name)).toList());
        Signature rsa = Signature.getInstance("SHA256withRSA");
        rsa.initSign(privateKey);
        rsa.update(signingString.getBytes(StandardCharsets.UTF_8));
        String value = "keyId=\\"" + keyId + "\\",algorithm=\\"rsa-sha256\\",headers=\\"" + String.join(" ", signed)
                + "\\",signature=\\"" + Base64.getEncoder().encodeToString(rsa.sign()) + "\\"";
        if (!value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) { // spec 5.6: non-ASCII travels as one RFC 2047 encoded-word
            value = "=?utf-8?B?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
        }
        headers.put("Signature", value);
        headers.put("TPP-Signature-Certificate", Base64.getEncoder().encodeToString(certificate.getEncoded()));
    }

    // What the {{name}}s in the requests stand for, filled by setup() when the program runs.
    static final Map<String, String> VALUES = new LinkedHashMap<>();

    /** The text with each {{name}} replaced by its value. */
    static String fill(String text) {
        return Pattern.compile("\\\\{\\\\{(\\\\w+)\\\\}\\\\}").matcher(text)
                .replaceAll(match -> java.util.regex.Matcher.quoteReplacement(VALUES.getOrDefault(match.group(1), match.group())));
    }

    /** Sends one signed request (its {{name}}s filled), prints its status and body, and stops the program on an error status. */
    static HttpResponse<String> send(String method, String url, Map<String, String> chosen, String body) throws Exception {
        url = fill(url);
        body = fill(body);
        var headers = new LinkedHashMap<String, String>();
        chosen.forEach((name, value) -> headers.put(name, fill(value)));
        headers.put("X-Request-ID", UUID.randomUUID().toString());
        headers.put("Date", IMF_FIXDATE.format(ZonedDateTime.now(ZoneOffset.UTC)));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        sign(headers, bytes);
        var request = HttpRequest.newBuilder(URI.create(url))
                .method(method, bytes.length > 0 ? HttpRequest.BodyPublishers.ofByteArray(bytes) : HttpRequest.BodyPublishers.noBody());
        headers.forEach(request::header);
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        System.out.println("HTTP " + response.statusCode());
        System.out.println(response.body());
        if (response.statusCode() >= 400) System.exit(1);
        return response;
    }

    /** Name, value, name, value, … in order. */
    static Map<String, String> headers(String... namesAndValues) {
        var headers = new LinkedHashMap<String, String>();
        for (int i = 0; i < namesAndValues.length; i += 2) headers.put(namesAndValues[i], namesAndValues[i + 1]);
        return headers;
    }
`;
}

function request(model: CodeRequest): string {
  const name = className(slug(model.title));
  const body =
    model.body === undefined ? "" : `\n    // Sent exactly as written: the Digest covers these bytes.\n    static final String BODY = ${str(model.body)};\n`;
  const base = `    // ${ADDRESS_NOTE}.\n    static final String BASE_URL = orEnv("SANDBOX_URL", ${str(model.base)});`;
  return `${prelude(model.title, name, base)}${values(model.own ?? NO_OWN_DATA, "BASE_URL")}${body}
    public static void main(String[] args) throws Exception {
        loadCredentials();
        setup();
        send(${str(model.method)}, BASE_URL + ${str(model.path)}, ${headerCall(model.headers, "")}, ${model.body === undefined ? '""' : "BODY"});
    }
}
`;
}

function journey(model: CodeJourney): string {
  const create = model.create;
  const name = className(JOURNEY_SLUG);
  const bases = [
    `    // ${ADDRESS_NOTE}.`,
    `    static final String API_BASE = orEnv("SANDBOX_URL", ${str(create.base)});`,
    `    static final String SANDBOX_BASE = orEnv("SANDBOX_URL", ${str(model.sandboxBase)}); // where the sandbox-only /__sandbox/ routes answer`,
  ].join("\n");
  return `${prelude(model.title, name, bases)}${values(create.own ?? NO_OWN_DATA, "SANDBOX_BASE")}
    /** A sandbox-only control route: unsigned, JSON in and out. A bank has none of these. */
    static void control(String path, String json) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(SANDBOX_BASE + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
        int status = CLIENT.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        System.out.println("HTTP " + status + " from " + path);
        if (status >= 400) System.exit(1);
    }

    static final String PAYMENT = ${str(create.body ?? "{}")};

    public static void main(String[] args) throws Exception {
        loadCredentials();
        setup();
        // 1. Create the payment: RCVD, with an SCA link for the PSU.
        var created = send(${str(create.method)}, API_BASE + ${str(create.path)}, ${headerCall(create.headers, "        ")}, PAYMENT);
        // The standard library has no JSON parser; the id is a plain string field.
        var match = Pattern.compile("\\"paymentId\\"\\\\s*:\\\\s*\\"([^\\"]+)\\"").matcher(created.body());
        if (!match.find()) throw new IllegalStateException("no paymentId in " + created.body());
        String paymentId = match.group(1);
        // 2. The PSU approves it at the bank (here through the sandbox's control route): ACTC.
        control(${str(scaControlPath)} + paymentId, "{\\"decision\\":\\"approve\\"}");
        // 3. A batch run books due approved payments.
        control(${str(batchRunPath)}, "{}");
        // 4. Read the status: ACSC once booked (PDNG when its execution date is still ahead).
        send("GET", API_BASE + ${str(create.path)} + "/" + paymentId + ${str(statusPathSuffix)}, ${headerCall(model.readHeaders, "        ")}, "");
    }
}
`;
}

export const java: Generator = {
  id: "java",
  label: "Java",
  needs: "Java 17 or newer (a JDK), standard library only",
  run: (fileName) => `java ${fileName}`,
  fileName: (name) => `${className(name)}.java`,
  request,
  journey,
};
