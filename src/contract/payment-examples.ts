/**
 * Example bodies of the payment and basket operations, from the sandbox's fixed data set: Kari
 * Nordmann (PSU-ID …1a21) pays Ola Nordmann from her current account. Read by operation-examples.ts,
 * dated for the day they are shown (example-dates.ts): a request dated yesterday would be refused.
 */
import { exampleDates } from "./example-dates";

export const EXAMPLE_ORIGIN = "http://127.0.0.1:4010";
const PAYMENTS = `${EXAMPLE_ORIGIN}/v1/payments/norwegian-domestic-credit-transfers`;
const PERIODIC = `${EXAMPLE_ORIGIN}/v1/periodic-payments/norwegian-domestic-credit-transfers`;
export const EXAMPLE_PAYMENT_ID = "a76348e2-0b42-4e7c-af8d-3f37478535f6";
export const EXAMPLE_PERIODIC_ID = "c46fa3a2-9890-428d-a135-3c1d291f08f5";
export const EXAMPLE_BASKET_ID = "b49288a7-a8d9-4c63-b49d-fe54d914b814";
const PERIODIC_ID = EXAMPLE_PERIODIC_ID;
const BASKET_ID = EXAMPLE_BASKET_ID;

const links = (self: string, scaRedirect: string) => ({
  scaRedirect: { href: scaRedirect, verbs: ["GET"] },
  self: { href: self, verbs: ["GET", "DELETE"] },
  status: { href: `${self}/status`, verbs: ["GET"] },
});

const payment = {
  instructedAmount: { amount: "250.00", currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: "97100000044", currency: "NOK" },
  debtorAccount: { bban: "97100000028", currency: "NOK" },
};

const singleOn = (today: string) => ({ ...payment, remittanceInformationUnstructured: "Dinner on Friday", requestedExecutionDate: today });
/** The single payment of the control routes' examples (a fixed day: they show a sandbox's records, not a request to send). */
export const singlePaymentRequest = singleOn("2026-11-24");
const periodicOn = (startDate: string) => ({
  ...payment,
  creditorName: "Utleie Nordmann AS",
  remittanceInformationUnstructured: "Monthly rent",
  startDate,
  frequency: "Monthly",
  dayOfExecution: "1",
  executionRule: "following",
});

const singleLinks = links(`${PAYMENTS}/${EXAMPLE_PAYMENT_ID}`, `${EXAMPLE_ORIGIN}/bank/authorize/payment/${EXAMPLE_PAYMENT_ID}`);
const periodicLinks = links(`${PERIODIC}/${PERIODIC_ID}`, `${EXAMPLE_ORIGIN}/bank/authorize/payment/${PERIODIC_ID}`);

export function paymentExamples(today: string) {
  const dates = exampleDates(today);
  const singlePaymentRequest = singleOn(today);
  const periodicPaymentRequest = periodicOn(dates.firstOfNextMonth);
  return {
    createPayment: {
      request: singlePaymentRequest,
      response: { paymentId: EXAMPLE_PAYMENT_ID, transactionStatus: "RCVD", _links: singleLinks },
    },
    getPayment: {
      response: { ...singlePaymentRequest, paymentId: EXAMPLE_PAYMENT_ID, transactionStatus: "ACTC", _links: singleLinks },
    },
    getPaymentStatus: { response: { transactionStatus: "ACSC", fundsAvailable: true } },
    deletePayment: {},
    createPeriodicPayment: {
      request: periodicPaymentRequest,
      response: { paymentId: PERIODIC_ID, transactionStatus: "RCVD", _links: periodicLinks },
    },
    getPeriodicPayment: {
      response: {
        ...periodicPaymentRequest,
        paymentId: PERIODIC_ID,
        transactionStatus: "ACTC",
        nextExecutionDates: dates.monthlyExecutions,
        _links: periodicLinks,
      },
    },
    getPeriodicPaymentStatus: { response: { transactionStatus: "ACTC" } },
    deletePeriodicPayment: {},
    createSigningBasket: {
      request: { paymentIds: [EXAMPLE_PAYMENT_ID] },
      response: {
        basketId: BASKET_ID,
        transactionStatus: "RCVD",
        _links: links(`${EXAMPLE_ORIGIN}/v1/signing-baskets/${BASKET_ID}`, `${EXAMPLE_ORIGIN}/bank/authorize/basket/${BASKET_ID}`),
      },
    },
    getSigningBasket: {
      response: {
        basketId: BASKET_ID,
        payments: [EXAMPLE_PAYMENT_ID],
        transactionStatus: "RCVD",
        _links: links(`${EXAMPLE_ORIGIN}/v1/signing-baskets/${BASKET_ID}`, `${EXAMPLE_ORIGIN}/bank/authorize/basket/${BASKET_ID}`),
      },
    },
    getSigningBasketStatus: { response: { transactionStatus: "ACTC" } },
    deleteSigningBasket: {},
  };
}
