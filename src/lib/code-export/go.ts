/** Go, standard library only (net/http, crypto/rsa): the request signed at run time. Written gofmt-clean. */
import { ADDRESS_NOTE, identityList, NO_OWN_DATA, SETUP_COMMENT, SETUP_PATHS, userValueHelp, type OwnData } from "./own-data";
import { batchRunPath, scaControlPath, SIGNED_HEADER_ORDER, statusPathSuffix, type CodeJourney, type CodeRequest, type Generator } from "./request-model";

// A JSON string is a valid Go interpreted string literal (\" \\ \n \r \t \b \f \uXXXX are Go escapes too).
const str = (text: string) => JSON.stringify(text);
const pairs = (headers: CodeRequest["headers"], indent: string) =>
  headers.length === 0 ? "nil" : `[][2]string{\n${headers.map(([name, value]) => `${indent}\t{${str(name)}, ${str(value)}},`).join("\n")}\n${indent}}`;

/** Go source: the values the requests' {{variables}} take (dates of the day it runs, the user's ids, the setup's customers and accounts), as a function setup(). */
function values(own: OwnData, base: string): string {
  const dates =
    own.dates.length === 0
      ? ""
      : `
	// Dates as the sandbox's calendar names them (Oslo), computed when the program runs.
	oslo, err := time.LoadLocation("Europe/Oslo")
	check(err)
	today := time.Now().In(oslo)
	values["today"] = today.Format("2006-01-02")
	values["firstOfNextMonth"] = time.Date(today.Year(), today.Month()+1, 1, 0, 0, 0, 0, oslo).Format("2006-01-02")
`;
  const user = own.fromUser
    .map(
      (value) => `
	if os.Getenv(${str(value.env)}) == "" {
		check(fmt.Errorf(${str(userValueHelp(value)).replace(/%/g, "%%")}))
	}
	values[${str(value.variable)}] = os.Getenv(${str(value.env)})
`,
    )
    .join("");
  const calls = own.customers
    .map(
      (customer) =>
        `\tnewCustomer(${str(customer.key)}, ${str(identityList(customer.kind))})\n${own.accounts
          .filter((account) => account.owner === customer.key)
          .map((account) => `\topenAccount(${str(account.key)}, ${str(account.body)})\n`)
          .join("")}`,
    )
    .join("");
  const helpers =
    own.customers.length === 0
      ? ""
      : `
// getJSON reads a sandbox-only route into target.
func getJSON(path string, target any) {
	response, err := http.Get(${base} + path)
	check(err)
	defer response.Body.Close()
	check(json.NewDecoder(response.Body).Decode(target))
}

// newCustomer makes a customer of this program's own: a new number from the sandbox's identity generator.
func newCustomer(key, identityList string) {
	var identities map[string][]string
	getJSON(${str(SETUP_PATHS.identities)}, &identities)
	values[key+"Number"] = identities[identityList][0]
}

// openAccount opens an account for it (the customer is made with its first account): its number, IBAN and id.
func openAccount(key, body string) {
	var account struct{ Bban, Iban, ResourceID string }
	check(json.Unmarshal(send("POST", ${base}+${str(SETUP_PATHS.accounts)}, [][2]string{{"Content-Type", "application/json"}, {"Accept", "application/json"}}, body), &account))
	values[key+"Bban"], values[key+"Iban"], values[key+"Id"] = account.Bban, account.Iban, account.ResourceID
}

// readCustomers reads their PSU-IDs and names, as the sandbox made them.
func readCustomers(keys ...string) {
	var customers []struct{ CustomerNumber, PsuID, Name string }
	getJSON(${str(SETUP_PATHS.customers)}, &customers)
	for _, key := range keys {
		for _, customer := range customers {
			if customer.CustomerNumber == values[key+"Number"] {
				values[key+"PsuId"], values[key+"Name"] = customer.PsuID, customer.Name
			}
		}
	}
}
`;
  const setup = calls === "" ? "" : `\t// ${SETUP_COMMENT}\n${calls}\treadCustomers(${own.customers.map((customer) => str(customer.key)).join(", ")})\n`;
  return `${helpers}
// setup fills the values of the {{name}}s in the requests.
func setup() {${dates}${user}${setup}}
`;
}

function prelude(title: string, imports: readonly string[], constants: string): string {
  const all = [
    "bytes",
    "crypto",
    "crypto/rand",
    "crypto/rsa",
    "crypto/sha256",
    "crypto/x509",
    "encoding/base64",
    "encoding/pem",
    "fmt",
    "io",
    "net/http",
    "os",
    "regexp",
    "strings",
    "time",
    ...imports,
  ]
    .filter((name, index, all) => all.indexOf(name) === index)
    .sort();
  return `// ${title}.
//
// Signed at run time as the PSD2 interface requires (spec section 5): a fresh X-Request-ID and
// Date, the Digest of the body, and the Signature over them made with your key.
// Needs Go 1.19 or newer, standard library only. Run: go run <this file>.go
package main

import (
${all.map((name) => `\t${name === "time/tzdata" ? "_ " : ""}${str(name)}`).join("\n")}
)

const (
	// Your private key, PEM (PKCS#8 or PKCS#1).
	keyFile = "tpp-key.pem"
	// Your certificate, PEM.
	certFile = "tpp-cert.pem"
${constants}
)

// Headers signed whenever the request carries them, in this order (spec 5.4).
var signedHeaders = []string{${SIGNED_HEADER_ORDER.map(str).join(", ")}}

var (
	privateKey  *rsa.PrivateKey
	certificate *x509.Certificate
	keyID       string
)

// RFC 4514 names of the attribute types a TPP certificate's issuer has.
var attributeNames = map[string]string{
	"2.5.4.3": "CN", "2.5.4.5": "serialNumber", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST",
	"2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.97": "organizationIdentifier",
}

// orEnv is the environment variable's value, or fallback when it is unset.
func orEnv(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func readPEM(file string) []byte {
	data, err := os.ReadFile(file)
	check(err)
	block, _ := pem.Decode(data)
	if block == nil {
		check(fmt.Errorf("%s holds no PEM block", file))
	}
	return block.Bytes
}

func loadCredentials() {
	der := readPEM(keyFile)
	if key, err := x509.ParsePKCS8PrivateKey(der); err == nil {
		privateKey = key.(*rsa.PrivateKey)
	} else {
		privateKey, err = x509.ParsePKCS1PrivateKey(der)
		check(err)
	}
	var err error
	certificate, err = x509.ParseCertificate(readPEM(certFile))
	check(err)
	// keyId names the certificate by serial number and issuer (spec 5.2).
	keyID = fmt.Sprintf("SN=%X,CA=%s", certificate.SerialNumber, issuerDN())
}

// issuerDN writes the issuer most specific part first (RFC 4514). Issuer.String() would write
// organizationIdentifier as "2.5.4.97=#0c…" in hex, which the bank does not read as a name.
func issuerDN() string {
	escape := strings.NewReplacer(\`\\\`, \`\\\\\`, ",", \`\\,\`, "+", \`\\+\`, \`"\`, \`\\"\`, "<", \`\\<\`, ">", \`\\>\`, ";", \`\\;\`)
	names := certificate.Issuer.Names
	parts := make([]string, 0, len(names))
	for i := len(names) - 1; i >= 0; i-- {
		name, known := attributeNames[names[i].Type.String()]
		if !known {
			name = names[i].Type.String()
		}
		parts = append(parts, name+"="+escape.Replace(fmt.Sprint(names[i].Value)))
	}
	return strings.Join(parts, ",")
}

func newUUID() string {
	b := make([]byte, 16)
	_, err := rand.Read(b)
	check(err)
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// sign adds Digest, Signature and TPP-Signature-Certificate to headers; body is the exact bytes sent.
func sign(headers [][2]string, body []byte) [][2]string {
	digest := sha256.Sum256(body)
	headers = append(headers, [2]string{"Digest", "SHA-256=" + base64.StdEncoding.EncodeToString(digest[:])})
	var signed, lines []string
	for _, name := range signedHeaders {
		for _, header := range headers {
			if strings.ToLower(header[0]) == name {
				signed = append(signed, name)
				lines = append(lines, name+": "+strings.TrimSpace(header[1]))
			}
		}
	}
	hash := sha256.Sum256([]byte(strings.Join(lines, "\\n")))
	signature, err := rsa.SignPKCS1v15(rand.Reader, privateKey, crypto.SHA256, hash[:])
	check(err)
	value := fmt.Sprintf(\`keyId="%s",algorithm="rsa-sha256",headers="%s",signature="%s"\`,
		keyID, strings.Join(signed, " "), base64.StdEncoding.EncodeToString(signature))
	for _, r := range value {
		if r < 0x20 || r > 0x7e { // spec 5.6: a non-ASCII value travels as one RFC 2047 encoded-word
			value = "=?utf-8?B?" + base64.StdEncoding.EncodeToString([]byte(value)) + "?="
			break
		}
	}
	return append(headers,
		[2]string{"Signature", value},
		[2]string{"TPP-Signature-Certificate", base64.StdEncoding.EncodeToString(certificate.Raw)})
}

// What the {{name}}s in the requests stand for, filled by setup() when the program runs.
var values = map[string]string{}

var placeholder = regexp.MustCompile(\`\\{\\{(\\w+)\\}\\}\`)

// fill returns the text with each {{name}} replaced by its value.
func fill(text string) string {
	return placeholder.ReplaceAllStringFunc(text, func(match string) string {
		if value, known := values[match[2:len(match)-2]]; known {
			return value
		}
		return match
	})
}

// send sends one signed request (its {{name}}s filled), prints its status and body, and stops the program on an error status.
func send(method, url string, chosen [][2]string, body string) []byte {
	url, body = fill(url), fill(body)
	filled := make([][2]string, len(chosen))
	for i, header := range chosen {
		filled[i] = [2]string{header[0], fill(header[1])}
	}
	headers := append(filled,
		[2]string{"X-Request-ID", newUUID()},
		[2]string{"Date", time.Now().UTC().Format(http.TimeFormat)})
	headers = sign(headers, []byte(body))
	var reader io.Reader
	if body != "" {
		reader = bytes.NewReader([]byte(body))
	}
	request, err := http.NewRequest(method, url, reader)
	check(err)
	for _, header := range headers {
		request.Header.Set(header[0], header[1])
	}
	response, err := http.DefaultClient.Do(request)
	check(err)
	defer response.Body.Close()
	text, err := io.ReadAll(response.Body)
	check(err)
	fmt.Println("HTTP", response.StatusCode)
	fmt.Println(string(text))
	if response.StatusCode >= 400 {
		os.Exit(1)
	}
	return text
}
`;
}

function request(model: CodeRequest): string {
  const body = model.body === undefined ? "" : `\n// Sent exactly as written: the Digest covers these bytes.\nconst body = ${str(model.body)}\n`;
  const own = model.own ?? NO_OWN_DATA;
  return `${prelude(model.title, imports(own), `\t// Where the interface answers: ${ADDRESS_NOTE}.\n\tdefaultBaseURL = ${str(model.base)}`)}
var baseURL = orEnv("SANDBOX_URL", defaultBaseURL)
${values(own, "baseURL")}${body}
func main() {
\tloadCredentials()
\tsetup()
\tsend(${str(model.method)}, baseURL+${str(model.path)}, ${pairs(model.headers, "\t")}, ${model.body === undefined ? '""' : "body"})
}
`;
}

function journey(model: CodeJourney): string {
  const create = model.create;
  const own = create.own ?? NO_OWN_DATA;
  const constants = `\t// Where the interface answers: ${ADDRESS_NOTE}.\n\tdefaultAPIBase = ${str(create.base)}\n\t// Where the sandbox-only /__sandbox/ routes answer.\n\tdefaultSandboxBase = ${str(model.sandboxBase)}`;
  return `${prelude(model.title, ["encoding/json", ...imports(own)], constants)}
var (
	apiBase     = orEnv("SANDBOX_URL", defaultAPIBase)
	sandboxBase = orEnv("SANDBOX_URL", defaultSandboxBase)
)
${values(own, "sandboxBase")}
// control calls a sandbox-only control route: unsigned, JSON in and out. A bank has none of these.
func control(path, json string) {
	response, err := http.Post(sandboxBase+path, "application/json", strings.NewReader(json))
	check(err)
	response.Body.Close()
	fmt.Println("HTTP", response.StatusCode, "from", path)
	if response.StatusCode >= 400 {
		os.Exit(1)
	}
}

const payment = ${str(create.body ?? "{}")}

func main() {
	loadCredentials()
	setup()
	// 1. Create the payment: RCVD, with an SCA link for the PSU.
	created := send(${str(create.method)}, apiBase+${str(create.path)}, ${pairs(create.headers, "\t")}, payment)
	var initiation struct {
		PaymentID string \`json:"paymentId"\`
	}
	check(json.Unmarshal(created, &initiation))
	// 2. The PSU approves it at the bank (here through the sandbox's control route): ACTC.
	control(${str(scaControlPath)}+initiation.PaymentID, \`{"decision":"approve"}\`)
	// 3. A batch run books due approved payments.
	control(${str(batchRunPath)}, "{}")
	// 4. Read the status: ACSC once booked (PDNG when its execution date is still ahead).
	send("GET", apiBase+${str(create.path)}+"/"+initiation.PaymentID+${str(statusPathSuffix)}, ${pairs(model.readHeaders, "\t")}, "")
}
`;
}

/** What the setup needs beyond the prelude: JSON, and the time zone database built in (a machine may have none). */
const imports = (own: OwnData) => [...(own.customers.length > 0 ? ["encoding/json"] : []), ...(own.dates.length > 0 ? ["time/tzdata"] : [])];

export const go: Generator = {
  id: "go",
  label: "Go",
  needs: "Go 1.19 or newer, standard library only",
  run: (fileName) => `go run ${fileName}`,
  fileName: (name) => `${name.replace(/-/g, "_")}.go`,
  request,
  journey,
};
