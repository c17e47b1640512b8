/** One handler per operation of the table; the type makes a missing one a compile error. */
import { createSigningBasket, deleteSigningBasket, getSigningBasket, getSigningBasketStatus } from "./baskets";
import {
  createPayment,
  createPeriodicPayment,
  deletePaymentRoute,
  deletePeriodicPayment,
  getPayment,
  getPaymentStatus,
  getPeriodicPayment,
  getPeriodicPaymentStatus,
} from "./payments";
import { createAgreement, createSandboxAccount, getSandboxAccount, registerContactEmail, updateSandboxBalances } from "./sandbox-accounts";
import { initializeSandbox } from "./initialize";
import { createSandboxTransaction, getSandboxTransaction, listSandboxTransactions } from "./sandbox-transactions";
import type { Handlers } from "./types";

export const handlers: Handlers = {
  createPayment,
  getPayment,
  getPaymentStatus,
  deletePayment: deletePaymentRoute,
  createPeriodicPayment,
  getPeriodicPayment,
  getPeriodicPaymentStatus,
  deletePeriodicPayment,
  createSigningBasket,
  getSigningBasket,
  getSigningBasketStatus,
  deleteSigningBasket,
  createSandboxAccount,
  getSandboxAccount,
  listSandboxTransactions,
  createSandboxTransaction,
  getSandboxTransaction,
  updateSandboxBalances,
  createAgreement,
  initializeSandbox,
  registerContactEmail,
};
