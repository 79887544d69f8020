import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";

/** The agent application (/agents) and the contact page (/contact), with and without JavaScript. */

const MESSAGES = {
  names: "Please enter both first and last name",
  email: "Please enter your email address",
  phone: "Please enter your phone number",
  currentAgent: "Please select whether you are currently a travel agent",
  occupation: "Please enter your current occupation",
  whyThrive: "Please answer why you would thrive at our agency",
  whyThriveShort: "Please provide a more detailed answer",
  message: "Please enter your message",
};

const WHY = "I have organised group trips for friends and colleagues for over ten years.";

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID()}@example.com`;

async function fillAgentForm(page: Page, email: string) {
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Agent");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("+1 555 0100");
  await page
    .getByRole("group", { name: "Are you currently a travel agent?" })
    .getByLabel("No", { exact: true })
    .check();
  await page.getByLabel("Current occupation", { exact: true }).fill("Teacher");
  await page.getByLabel("Why would you thrive at our agency?", { exact: true }).fill(WHY);
}

async function fillContactForm(page: Page, email: string) {
  await page.getByLabel("First name", { exact: true }).fill("Sam");
  await page.getByLabel("Last name", { exact: true }).fill("Sender");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("555-0199");
  await page
    .getByLabel("Message", { exact: true })
    .fill("Can I change the guest name on my reservation?");
}

/** The page has hydrated: React has attached itself to the page's form. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  });
}

test.describe("with JavaScript", () => {
  test("the agent application validates in the browser, then reaches the success screen", async ({
    page,
  }) => {
    await page.goto("/agents");
    await hydrated(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Become a travel agent" }),
    ).toBeVisible();

    // An empty submit is refused in the browser, every message next to its field.
    const submit = page.getByRole("button", { name: "Submit application" });
    await submit.click();
    for (const message of Object.values(MESSAGES).filter(
      (message) => message !== MESSAGES.whyThriveShort && message !== MESSAGES.message,
    )) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Phone", { exact: true })).toHaveAccessibleDescription(
      MESSAGES.phone,
    );

    // Messages follow the input; the why-answer needs 50 characters.
    await page.getByLabel("Phone", { exact: true }).fill("+1 555 0100");
    await expect(page.getByText(MESSAGES.phone)).toHaveCount(0);
    await page
      .getByLabel("Why would you thrive at our agency?", { exact: true })
      .fill("Too short.");
    await expect(page.getByText(MESSAGES.whyThriveShort)).toBeVisible();
    await expect(page.getByText("10 / 50 characters minimum")).toBeVisible();
    // Counted as the rule counts: an emoji's invisible joiners are not characters a reader sees.
    await page
      .getByLabel("Why would you thrive at our agency?", { exact: true })
      .fill(`${"a".repeat(43)}👨‍👩‍👧`);
    await expect(page.getByText("49 / 50 characters minimum")).toBeVisible();

    const email = uniqueEmail("e2e-agent");
    await fillAgentForm(page, email);
    await expect(page.getByText(MESSAGES.whyThriveShort)).toHaveCount(0);
    await page.getByLabel("I'm not a robot", { exact: true }).check();
    await submit.click();

    await expect(page.getByRole("heading", { level: 1, name: "We'll be in touch" })).toBeVisible();
    await expect(page.getByText("Your application was received. Thank you!")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole("heading", { name: "We'll be in touch" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Submit application" })).toHaveCount(0);
  });

  test("a message from the contact page reaches 'Message Received' with a toast", async ({
    page,
  }) => {
    await page.goto("/contact");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible();
    for (const link of await page.getByRole("link", { name: "+1 (800) 555-0142" }).all()) {
      await expect(link).toHaveAttribute("href", "tel:+18005550142");
    }
    await expect(page.getByRole("heading", { name: "Prefer to talk?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Before you call" })).toBeVisible();

    await page.getByRole("button", { name: "Send message" }).click();
    for (const message of [MESSAGES.names, MESSAGES.email, MESSAGES.phone, MESSAGES.message]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    const email = uniqueEmail("e2e-contact");
    await fillContactForm(page, email);
    // The connection drops as the message is sent: the form keeps it, and says so.
    const sending = /\/contact\.data/;
    await page.route(sending, (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
    );
    await page.getByLabel("I'm not a robot", { exact: true }).check();
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(page.getByText("Failed to submit support message")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await page.unroute(sending);
    await page.getByLabel("I'm not a robot", { exact: true }).check();
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Message Received" })).toBeVisible();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("link", { name: "Browse Resorts" }).click();
    await expect(page).toHaveURL("/locations");
  });

  test("a message nearing its limit shows its count; pasted past it, the whole text stays and is too long", async ({
    page,
  }) => {
    await page.goto("/contact");
    await hydrated(page);
    const message = page.getByLabel("Message", { exact: true });
    const count = page.getByText(/^[\d,]+ of 5,000 characters$/);
    const overLimit = message.locator("xpath=..").getByRole("status");
    await message.fill("m".repeat(4000));
    await expect(count).toHaveCount(0);
    await message.fill("m".repeat(4600));
    await expect(count).toHaveText("4,600 of 5,000 characters");
    await expect(overLimit).toHaveText("");

    // Pasted: nothing is cut without a word; the count says it is over, before sending.
    const pasted = "line one\n".repeat(600);
    await message.fill("");
    await message.focus();
    await page.keyboard.insertText(pasted);
    await expect(message).toHaveValue(pasted);
    await expect(count).toHaveText("5,400 of 5,000 characters");
    await expect(overLimit).toHaveText("Over the limit of 5,000 characters");
    expect(await axeViolations(page, { within: "main form" })).toEqual([]);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(message).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#support-message-message-error")).toHaveText(
      "Please keep this under 5000 characters",
    );
  });

  test("the agent answer shows its minimum's count, then near its limit only the limit's", async ({
    page,
  }) => {
    await page.goto("/agents");
    await hydrated(page);
    const answer = page.getByLabel("Why would you thrive at our agency?", { exact: true });
    await answer.fill(WHY);
    await expect(page.getByText(`${WHY.length} / 50 characters minimum`)).toBeVisible();
    await answer.fill("w".repeat(4700));
    await expect(page.getByText("4,700 of 5,000 characters", { exact: true })).toBeVisible();
    await expect(page.getByText(/characters minimum/)).toHaveCount(0);
  });

  test("offline before the first toast was ever loaded, a failed send keeps the form and says so", async ({
    page,
  }) => {
    await page.goto("/contact");
    await hydrated(page);
    const email = uniqueEmail("e2e-offline");
    await fillContactForm(page, email);
    await page.getByLabel("I'm not a robot", { exact: true }).check();
    // The connection is gone: neither the post nor the toasts' code (loaded with the first toast)
    // arrives.
    await page.route(/\/contact\.data|\/sonner-toaster-[^/]*\.js$/, (route) =>
      route.abort("internetdisconnected"),
    );
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(page.getByText("Failed to submit support message")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  });

  test("a server refusal (no bot check) is shown on the form and as a toast, values kept", async ({
    page,
  }) => {
    await page.goto("/contact");
    await hydrated(page);
    const email = uniqueEmail("e2e-refused");
    await fillContactForm(page, email);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please complete the CAPTCHA verification." }),
    ).toBeVisible();
    await expect(
      page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Please complete the CAPTCHA verification." }),
    ).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Can I change the guest name on my reservation?",
    );
  });
});

// Each field's message for an empty or wrong form, sent without JavaScript, and the stored
// application are tests/workers/requests-agent-contact.test.ts's.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a message is sent from the contact page", async ({ page }) => {
    await page.goto("/contact");
    const email = uniqueEmail("e2e-nojs-contact");
    await fillContactForm(page, email);
    await page.getByLabel("I'm not a robot", { exact: true }).check();
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Message Received" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Resorts" })).toHaveAttribute(
      "href",
      "/locations",
    );
  });
});

test.describe("accessibility", () => {
  // The pages as they open are the layout guard's (axe at 390 and 1366 px): here, with messages.
  for (const path of ["/agents", "/contact"]) {
    test(`${path} with its validation messages shown has no serious or critical axe violation`, async ({
      page,
    }) => {
      await page.goto(path);
      await hydrated(page);
      await page
        .getByRole("button", { name: path === "/agents" ? "Submit application" : "Send message" })
        .click();
      await expect(page.getByText(MESSAGES.names, { exact: true })).toBeVisible();
      expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    });
  }
});
