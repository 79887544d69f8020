import { configureCoercion } from "@conform-to/zod/v4/future";
import { config, z } from "zod";

// Zod compiles its object parsers with `new Function` unless told not to, and probes for it when
// the first object schema is made: under the pages' policy (no eval), a reported violation. Every
// schema module imports zod from here, so this runs first; and a page with no form never loads zod.
config({ jitless: true });

export { z };

/** A number as people type it: digits, a point for decimals, commas between thousands. */
const TYPED_NUMBER = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/**
 * A form's schema that reads its fields as typed: blank (spaces too) is empty, and a number is only
 * what TYPED_NUMBER takes: "0x10", "1e3" or "12e" is not a number (Number() reads the first two as
 * 16 and 1000). With `parseWithZod(…, { disableAutoCoercion: true })`, on both sides.
 */
export const { coerceFormValue } = configureCoercion({
  stripEmptyString: (value) => (value.trim() === "" ? undefined : value),
  type: {
    number: (text) => {
      const typed = text.trim();
      return TYPED_NUMBER.test(typed) ? Number(typed.replaceAll(",", "")) : Number.NaN;
    },
  },
});
