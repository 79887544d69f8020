/**
 * The project's own lint rules (oxlint's JS plugins, .oxlintrc.json):
 * - `no-wall-clock`: in tests, no `new Date()` nor `Date.now()`. A test's "now" and "today" come
 *   from the site's clock (tests/workers/clock.ts, tests/e2e/support/clock.ts), so `TEST_NOW`
 *   sets them and the fixed moments try them; a wall-clock read would test the machine's hour.
 */
import { definePlugin, defineRule } from "@oxlint/plugins";

const noWallClock = defineRule({
  meta: {
    type: "problem",
    docs: { description: "Tests read the time from the site's clock, never the machine's." },
    messages: {
      wallClock:
        "A test reads the time through the site's clock (tests/workers/clock.ts, tests/e2e/support/clock.ts), never `{{call}}`: use performance.now() for a duration and crypto.randomUUID() for a unique name.",
    },
    schema: [],
  },
  createOnce(context) {
    return {
      NewExpression(node) {
        if (
          node.callee.type === "Identifier" &&
          node.callee.name === "Date" &&
          !node.arguments.length
        ) {
          context.report({ node, messageId: "wallClock", data: { call: "new Date()" } });
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (
          callee.type === "MemberExpression" &&
          callee.object.type === "Identifier" &&
          callee.object.name === "Date" &&
          callee.property.type === "Identifier" &&
          callee.property.name === "now"
        ) {
          context.report({ node, messageId: "wallClock", data: { call: "Date.now()" } });
        }
      },
    };
  },
});

export default definePlugin({
  meta: { name: "insider-stays" },
  rules: { "no-wall-clock": noWallClock },
});
