/** bash with curl and openssl: the request signed at run time. */
import { ADDRESS_NOTE, identityList, NO_OWN_DATA, SETUP_COMMENT, SETUP_PATHS, userValueHelp, type OwnData } from "./own-data";
import { batchRunPath, scaControlPath, SIGNED_HEADER_ORDER, statusPathSuffix, type CodeJourney, type CodeRequest, type Generator } from "./request-model";

/** Single-quoted for POSIX shells: nothing inside is expanded. */
const quote = (text: string) => `'${text.replace(/'/g, `'"'"'`)}'`;
const headerArgs = (headers: CodeRequest["headers"]) => headers.map(([name, value]) => ` \\\n  ${quote(`${name}: ${value}`)}`).join("");

/** The values the requests' {{variables}} take: dates of the day it runs, the user's ids, the setup's customers and accounts. */
function values(own: OwnData, base: string): string {
  const dates =
    own.dates.length === 0
      ? ""
      : `
# Dates as the sandbox's calendar names them (Oslo), computed when the script runs.
read -r year month day <<<"$(TZ=Europe/Oslo date '+%Y %m %d')"
set_value today "$year-$month-$day"
month=$((10#$month % 12 + 1))
if [ "$month" -eq 1 ]; then year=$((year + 1)); fi
set_value firstOfNextMonth "$(printf '%04d-%02d-01' "$year" "$month")"
`;
  const user = own.fromUser
    .map((value) => `\n: "\${${value.env}:?${userValueHelp(value).replace(/[`"$\\}]/g, "")}}"\nset_value ${value.variable} "$${value.env}"\n`)
    .join("");
  if (own.customers.length === 0) return `${dates}${user}`;
  return `${dates}${user}
# json_field NAME: the first string field NAME of the JSON on stdin (flat objects; no jq needed).
json_field() { sed -n 's/.*"'"$1"'" *: *"\\([^"]*\\)".*/\\1/p' | head -n 1; }

# new_customer KEY LIST: a customer of this script's own, a new number from the sandbox's identity generator.
new_customer() {
  set_value "$1Number" "$(curl -sS --fail "$${base}"${quote(SETUP_PATHS.identities)} | sed -n "s/.*\\"$2\\" *: *\\[ *\\"\\([0-9]*\\)\\".*/\\1/p")"
}

# open_account KEY BODY: an account for it (the customer is made with its first account): its number, IBAN and id.
open_account() {
  send POST "$${base}"${quote(SETUP_PATHS.accounts)} "$2" 'Content-Type: application/json' 'Accept: application/json'
  set_value "$1Bban" "$(printf '%s' "$RESPONSE_BODY" | json_field bban)"
  set_value "$1Iban" "$(printf '%s' "$RESPONSE_BODY" | json_field iban)"
  set_value "$1Id" "$(printf '%s' "$RESPONSE_BODY" | json_field resourceId)"
}

# read_customers KEY...: their PSU-IDs and names, as the sandbox made them.
read_customers() {
  local customers key number customer
  customers=$(curl -sS --fail "$${base}"${quote(SETUP_PATHS.customers)} | grep -o '{[^{}]*}')
  for key in "$@"; do
    number="value_\${key}Number"
    customer=$(printf '%s\\n' "$customers" | grep "\\"customerNumber\\" *: *\\"\${!number}\\"" | head -n 1)
    set_value "\${key}PsuId" "$(printf '%s' "$customer" | json_field psuId)"
    set_value "\${key}Name" "$(printf '%s' "$customer" | json_field name)"
  done
}

# ${SETUP_COMMENT}
${own.customers
  .map(
    (customer) =>
      `new_customer ${customer.key} ${identityList(customer.kind)}\n${own.accounts
        .filter((account) => account.owner === customer.key)
        .map((account) => `open_account ${account.key} ${quote(account.body)}\n`)
        .join("")}`,
  )
  .join("")}read_customers ${own.customers.map((customer) => customer.key).join(" ")}
`;
}

function prelude(title: string, bases: string): string {
  return `#!/usr/bin/env bash
# ${title}.
#
# Signed at run time as the PSD2 interface requires (spec section 5): a fresh X-Request-ID and
# Date, the Digest of the body, and the Signature over them made with your key.
# Needs bash, curl and openssl. Run: bash <this file>
set -euo pipefail

KEY_FILE="tpp-key.pem"   # your private key, PEM
CERT_FILE="tpp-cert.pem" # your certificate, PEM
${bases}

# Headers signed whenever the request carries them, in this order (spec 5.4).
SIGNED_HEADERS="${SIGNED_HEADER_ORDER.join(" ")}"

# keyId names the certificate by serial number and issuer, most specific part first (spec 5.2).
serial=$(openssl x509 -in "$CERT_FILE" -noout -serial | cut -d= -f2 | sed 's/^0*//')
issuer=$(openssl x509 -in "$CERT_FILE" -noout -issuer -nameopt RFC2253,-esc_msb | sed 's/^issuer= *//')
KEY_ID="SN=$serial,CA=$issuer"
CERTIFICATE=$(openssl x509 -in "$CERT_FILE" -outform DER | openssl base64 -A)

# A random (version 4) UUID for X-Request-ID.
uuid() {
  local hex
  hex=$(openssl rand -hex 16)
  printf '%s-%s-4%s-%x%s-%s\\n' "\${hex:0:8}" "\${hex:8:4}" "\${hex:13:3}" $(( (0x\${hex:16:1} & 3) | 8 )) "\${hex:17:3}" "\${hex:20:12}"
}

# What the {{name}}s in the requests stand for, filled when the script runs (below): value_<name>.
VALUE_NAMES=""
set_value() {
  printf -v "value_$1" '%s' "$2"
  VALUE_NAMES="$VALUE_NAMES $1"
}
# fill TEXT: the text with each {{name}} replaced by its value.
fill() {
  local text=$1 name value
  for name in $VALUE_NAMES; do
    value="value_$name"
    text=\${text//"{{$name}}"/"\${!value}"}
  done
  printf '%s' "$text"
}

# send METHOD URL BODY ['Name: value'...]: signs and sends one request (its {{name}}s filled), prints
# "HTTP <status>" and the body (also left in RESPONSE_BODY), and fails on an error status.
send() {
  local method=$1 url body header
  url=$(fill "$2")
  body=$(fill "$3")
  shift 3
  local chosen=()
  for header in "$@"; do chosen+=("$(fill "$header")"); done
  local headers=("\${chosen[@]}" "X-Request-ID: $(uuid)" "Date: $(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S GMT')")
  # The Digest covers the exact bytes sent.
  headers+=("Digest: SHA-256=$(printf '%s' "$body" | openssl dgst -sha256 -binary | openssl base64 -A)")
  local signed="" signing_string="" name header
  for name in $SIGNED_HEADERS; do
    for header in "\${headers[@]}"; do
      if [ "$(printf '%s' "\${header%%:*}" | tr '[:upper:]' '[:lower:]')" = "$name" ]; then
        signed="\${signed:+$signed }$name"
        signing_string="\${signing_string:+$signing_string$'\\n'}$name: \${header#*: }"
      fi
    done
  done
  local signature value
  signature=$(printf '%s' "$signing_string" | openssl dgst -sha256 -sign "$KEY_FILE" | openssl base64 -A)
  value="keyId=\\"$KEY_ID\\",algorithm=\\"rsa-sha256\\",headers=\\"$signed\\",signature=\\"$signature\\""
  # spec 5.6: a non-ASCII value travels as one RFC 2047 encoded-word
  if printf '%s' "$value" | LC_ALL=C grep -q '[^ -~]'; then value="=?utf-8?B?$(printf '%s' "$value" | openssl base64 -A)?="; fi
  headers+=("Signature: $value" "TPP-Signature-Certificate: $CERTIFICATE")
  local args=() response status
  for header in "\${headers[@]}"; do args+=(-H "$header"); done
  if [ -n "$body" ]; then args+=(--data-binary "$body"); fi
  response=$(curl -sS -X "$method" "\${args[@]}" -w '\\n%{http_code}' "$url")
  status=\${response##*$'\\n'}
  RESPONSE_BODY=\${response%$'\\n'*}
  echo "HTTP $status"
  echo "$RESPONSE_BODY"
  [ "$status" -lt 400 ]
}
`;
}

function request(model: CodeRequest): string {
  const body = model.body === undefined ? "" : `\n# Sent exactly as written: the Digest covers these bytes.\nBODY=${quote(model.body)}\n`;
  return `${prelude(model.title, `BASE_URL=\${SANDBOX_URL:-${quote(model.base)}} # ${ADDRESS_NOTE}`)}${values(model.own ?? NO_OWN_DATA, "BASE_URL")}${body}
send ${model.method} "$BASE_URL"${quote(model.path)} ${model.body === undefined ? "''" : '"$BODY"'}${headerArgs(model.headers)}
`;
}

function journey(model: CodeJourney): string {
  const create = model.create;
  const bases = [
    `# ${ADDRESS_NOTE}`,
    `API_BASE=\${SANDBOX_URL:-${quote(create.base)}}`,
    `SANDBOX_BASE=\${SANDBOX_URL:-${quote(model.sandboxBase)}} # where the sandbox-only /__sandbox/ routes answer`,
  ].join("\n");
  return `${prelude(model.title, bases)}${values(create.own ?? NO_OWN_DATA, "SANDBOX_BASE")}
# control PATH JSON: a sandbox-only control route, unsigned. A bank has none of these.
control() {
  curl -sS --fail -o /dev/null -w "HTTP %{http_code} from $1\\n" -X POST -H 'Content-Type: application/json' --data-binary "$2" "$SANDBOX_BASE$1"
}

PAYMENT=${quote(create.body ?? "{}")}

# 1. Create the payment: RCVD, with an SCA link for the PSU.
send ${create.method} "$API_BASE"${quote(create.path)} "$PAYMENT"${headerArgs(create.headers)}
payment_id=$(printf '%s' "$RESPONSE_BODY" | sed -n 's/.*"paymentId" *: *"\\([^"]*\\)".*/\\1/p')
# 2. The PSU approves it at the bank (here through the sandbox's control route): ACTC.
control ${quote(scaControlPath)}"$payment_id" '{"decision":"approve"}'
# 3. A batch run books due approved payments.
control ${quote(batchRunPath)} '{}'
# 4. Read the status: ACSC once booked (PDNG when its execution date is still ahead).
send GET "$API_BASE"${quote(create.path)}"/$payment_id"${quote(statusPathSuffix)} ''${headerArgs(model.readHeaders)}
`;
}

export const bash: Generator = {
  id: "bash",
  label: "bash (curl + openssl)",
  needs: "bash, curl and openssl",
  run: (fileName) => `bash ${fileName}`,
  fileName: (name) => `${name}.sh`,
  request,
  journey,
};
