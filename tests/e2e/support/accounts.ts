import { type Browser, type BrowserContext, type BrowserContextOptions } from "@playwright/test";
import { sessionCookie, type TestAccount } from "./session";

/**
 * The accounts the browser tests sign in with through the session fixture, and the sessions each
 * test uses by name. The global setup stores them before any test runs (./session.ts says why).
 * A test signed out on purpose (a member refused on an admin page) has a session of its own.
 */
export const ACCOUNTS = {
  /** Asks for sign-in links from the admin screens (never signed in by the fixture). */
  adminSignIn: { email: "e2e-admin-sign-in@example.com", role: "admin" },
  asksFirst: { email: "e2e-asks-first@example.com", role: "admin" },
  placeRules: { email: "e2e-place-rules@example.com", role: "admin" },
  checklist: { email: "e2e-checklist@example.com", role: "admin" },
  member: { email: "e2e-member@example.com", role: "member" },
  // One admin per file: the admin check allows 50 requests a minute per address and page.
  curation: { email: "e2e-curation@example.com", role: "admin" },
  featured: { email: "e2e-featured@example.com", role: "admin" },
  locations: { email: "e2e-locations@example.com", role: "admin" },
  rooms: { email: "e2e-rooms@example.com", role: "admin" },
  inbox: { email: "e2e-inbox@example.com", role: "admin" },
  booker: { email: "e2e-booker@example.com", role: "member" },
  weekBooker: { email: "e2e-week-booker@example.com", role: "member" },
  weekRival: { email: "e2e-week-rival@example.com", role: "member" },
  weekStaff: { email: "e2e-week-staff@example.com", role: "admin" },
  // The request's life: a member holds a week, another waits for it, staff decide.
  lifeHolder: { email: "e2e-life-holder@example.com", role: "member" },
  lifeWaiter: { email: "e2e-life-waiter@example.com", role: "member" },
  lifeStaff: { email: "e2e-life-staff@example.com", role: "admin" },
  // Payments: one member pays on the local checkout, another never pays and the week moves on.
  payer: { email: "e2e-payer@example.com", role: "member" },
  nonPayer: { email: "e2e-non-payer@example.com", role: "member" },
  payNext: { email: "e2e-pay-next@example.com", role: "member" },
  payStaff: { email: "e2e-pay-staff@example.com", role: "admin" },
  // Acts on the house calendar's cells.
  calendarStaff: { email: "e2e-calendar-staff@example.com", role: "admin" },
  // Searches by month and saves an alert.
  watcher: { email: "e2e-watcher@example.com", role: "member" },
  // Reads a resort's deadlines from another time zone.
  farReader: { email: "e2e-far-reader@example.com", role: "member" },
  // The waitlist's door: one member holds a week, two join its waitlist from the pages.
  doorHolder: { email: "e2e-door-holder@example.com", role: "member" },
  doorWaiter: { email: "e2e-door-waiter@example.com", role: "member" },
  doorSecond: { email: "e2e-door-second@example.com", role: "member" },
  // Demand: a member's month search finds nothing, and staff read it on the demand page.
  demandSearcher: { email: "e2e-demand-searcher@example.com", role: "member" },
  demandStaff: { email: "e2e-demand-staff@example.com", role: "admin" },
} satisfies Record<string, TestAccount>;

export const SESSIONS: Array<{ account: TestAccount; names: string[] }> = [
  { account: ACCOUNTS.adminSignIn, names: [] },
  { account: ACCOUNTS.asksFirst, names: ["asks first"] },
  { account: ACCOUNTS.placeRules, names: ["place rules"] },
  {
    account: ACCOUNTS.checklist,
    names: ["checklist on a phone", "checklist import limit", "checklist import refused"],
  },
  {
    account: ACCOUNTS.member,
    names: [
      "denied without JavaScript",
      "denied with JavaScript",
      "denied on navigation",
      "searches by price",
      "searches by price without JavaScript",
      // Signs out: a session of its own.
      "signs out from account security",
    ],
  },
  { account: ACCOUNTS.curation, names: ["curation"] },
  { account: ACCOUNTS.featured, names: ["featured"] },
  // "logout" signs out: a session of its own.
  { account: ACCOUNTS.locations, names: ["locations", "logout"] },
  { account: ACCOUNTS.rooms, names: ["rooms"] },
  { account: ACCOUNTS.inbox, names: ["inbox"] },
  {
    account: ACCOUNTS.booker,
    names: ["books", "books without JavaScript", "books to be declined"],
  },
  { account: ACCOUNTS.weekBooker, names: ["picks a week", "picks from a month"] },
  { account: ACCOUNTS.weekRival, names: ["finds the week taken", "finds a month's week taken"] },
  { account: ACCOUNTS.weekStaff, names: ["confirms a week", "closes a week"] },
  {
    account: ACCOUNTS.lifeHolder,
    names: ["holds and withdraws", "holds until it lapses", "is declined", "asks for own dates"],
  },
  {
    account: ACCOUNTS.lifeWaiter,
    names: ["waits and is offered", "waits through a lapse", "waits for a closed week"],
  },
  {
    account: ACCOUNTS.lifeStaff,
    names: ["confirms an offered week", "confirms after a lapse", "declines and closes"],
  },
  { account: ACCOUNTS.payer, names: ["pays by card"] },
  { account: ACCOUNTS.nonPayer, names: ["never pays"] },
  { account: ACCOUNTS.payNext, names: ["waits for an unpaid week"] },
  { account: ACCOUNTS.payStaff, names: ["confirms for payment"] },
  {
    account: ACCOUNTS.calendarStaff,
    names: ["calendar with JavaScript", "calendar without JavaScript", "calendar second tab"],
  },
  { account: ACCOUNTS.watcher, names: ["watches a month", "watches a month without JavaScript"] },
  {
    account: ACCOUNTS.farReader,
    names: ["reads far away", "reads far away without JavaScript", "reads at the resort"],
  },
  { account: ACCOUNTS.doorHolder, names: ["holds a week"] },
  { account: ACCOUNTS.doorWaiter, names: ["joins from the location page"] },
  { account: ACCOUNTS.doorSecond, names: ["joins from the month view"] },
  { account: ACCOUNTS.demandSearcher, names: ["searches a month for a crowd"] },
  { account: ACCOUNTS.demandStaff, names: ["reads demand on a phone", "reads demand"] },
];

/** Signs the browser context in with the session stored under `name`. */
export async function signIn(
  context: BrowserContext,
  account: TestAccount,
  name: string,
  baseURL: string,
) {
  await context.addCookies([await sessionCookie(account, name, baseURL)]);
}

/** A new browser context signed in with the session stored under `name`. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  account: TestAccount,
  name: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ baseURL, ...options });
  await signIn(context, account, name, baseURL);
  return context;
}
