import { describe, expect, it } from "vitest";
import { SENDER_MESSAGES, senderFields } from "~/guest-requests/fields";

const phone = senderFields({ phoneRequired: SENDER_MESSAGES.phone }).phone;

describe("a sender's phone number", () => {
  it.each(["+1 555 0100", "555-0199", "(808) 555-0123", "+44 20 7946 0958", "+1 555 0100 ext. 12"])(
    "takes %s",
    (number) => expect(phone.safeParse(number).success).toBe(true),
  );

  it.each(["12", "123456", "call me maybe", "+1 555 0100 555 0100 5550", "555-0199!"])(
    "refuses %s as not a phone number",
    (number) => {
      const result = phone.safeParse(number);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SENDER_MESSAGES.phoneInvalid);
    },
  );
});
