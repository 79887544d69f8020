import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "~/lib/zod";
import { getAuth } from "~/accounts/guards.server";
import { getAppContext } from "~/context";
import { readFormData, readJson } from "~/lib/body.server";
import { ERROR_STATUS, isDomainError, jsonRefusal } from "~/lib/errors.server";
import { redirectWithToast } from "~/lib/toast.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { IDEMPOTENCY_FIELD, RELOAD_MESSAGE, type RequestFormReply } from "./fields";
import {
  jsonToFormData,
  REQUEST_FORMS_LIMIT,
  screenSubmission,
} from "~/lib/screen-submission.server";
import {
  storeRequest,
  type RequestKindDefinition,
  type RequestTable,
  type SenderInput,
  type StoredRequest,
} from "./store.server";

/*
 * The server side of every request form: the page actions (/book, /agents, /contact; form posts
 * with or without JavaScript) and the JSON endpoints take the same steps in the same order — read
 * the body, screen it (honeypot, per-IP limit, bot check), parse it with the kind's schema, store
 * it. Bad input is always a 4xx; only storage trouble is a 503.
 */

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** What a request page's loader gives its form: a new one-time key, and the member's address. */
export async function requestFormDefaults(context: ActionArgs["context"]) {
  const auth = await getAuth(context);
  return { idempotencyKey: crypto.randomUUID(), email: auth?.user.email ?? "" };
}

/** Stores the parsed request with the signed-in sender, if any. */
async function store<Table extends RequestTable, Input extends SenderInput>(
  { context }: ActionArgs,
  kind: RequestKindDefinition<Table, Input>,
  input: Input,
) {
  const auth = await getAuth(context);
  return storeRequest(getAppContext(context), kind, input, auth?.user ?? null);
}

/**
 * The action of a request page. Every refusal is conform's reply with the entered values and the
 * messages; once stored, the page shows its success screen (`sentTo`) or, for a kind with a
 * confirmation page, the sender is redirected there with a toast.
 */
export async function requestFormAction<Table extends RequestTable, Input extends SenderInput>(
  args: ActionArgs,
  kind: RequestKindDefinition<Table, Input>,
) {
  const { request, context } = args;
  const reply = (
    result: SubmissionResult<string[]>,
    status: number,
    toast: string | null = null,
    headers?: HeadersInit,
  ) => data<RequestFormReply>({ result, sentTo: null, toast }, { status, headers });

  const formData = await readFormData(request);
  const schema = kind.schema(getAppContext(context).now);
  const refusal = await screenSubmission(
    getAppContext(context),
    request,
    formData,
    REQUEST_FORMS_LIMIT,
  );
  if (refusal) {
    // Nothing is stored; the reply only gives the entered values (and any field messages) back.
    const echo = parseWithZod(formData, { schema });
    return reply(
      echo.reply({ formErrors: [refusal.message], hideFields: [HONEYPOT_FIELD] }),
      refusal.status,
      refusal.message,
      refusal.headers,
    );
  }

  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const hiddenFieldFailed = Boolean(
      submission.error?.[IDEMPOTENCY_FIELD] || submission.error?.[HONEYPOT_FIELD],
    );
    return reply(
      submission.reply(hiddenFieldFailed ? { formErrors: [RELOAD_MESSAGE] } : undefined),
      400,
    );
  }

  let stored: StoredRequest;
  try {
    stored = await store(args, kind, submission.value);
  } catch (error) {
    if (isDomainError(error)) {
      // A refusal about one field is shown next to it; any other also as a toast.
      return error.field
        ? reply(submission.reply({ fieldErrors: { [error.field]: [error.message] } }), error.status)
        : reply(submission.reply({ formErrors: [error.message] }), error.status, error.message);
    }
    console.error(`${kind.label}: not stored`, error);
    return reply(
      submission.reply({ formErrors: [kind.messages.notStored] }),
      ERROR_STATUS.unavailable,
      kind.messages.notStoredShort,
    );
  }
  if (kind.confirmation) {
    // The confirmation shows the sender what they asked for (app/routes/booking-confirmation.tsx).
    return redirectWithToast(
      getAppContext(context),
      `${kind.confirmation.path}?request=${stored.id}`,
      {
        type: "success",
        message: kind.confirmation.toast,
      },
    );
  }
  return {
    result: submission.reply({ resetForm: true }),
    sentTo: stored.email,
    toast: null,
  } satisfies RequestFormReply;
}

/** Each field's messages, once each (a value of the wrong type can fail a rule twice). */
function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors)) {
    if (Array.isArray(messages)) errors[field] = [...new Set<string>(messages)];
  }
  return errors;
}

const json = (body: unknown, status: number, headers?: HeadersInit) =>
  Response.json(body, { status, headers });

/** GET (or any method but POST) on a JSON endpoint. */
export function methodNotAllowed() {
  return json(
    { success: false, message: "Method not allowed. Send a POST with a JSON body." },
    405,
    { Allow: "POST" },
  );
}

/**
 * A request's JSON endpoint: `201 { success, message, id }` when stored (200 with the same id when
 * the one-time key was used before), `400 { success: false, message, errors }` for invalid fields,
 * 400/413/415 for a body that is not a JSON object, 503 when storing fails.
 */
export async function requestJsonEndpoint<Table extends RequestTable, Input extends SenderInput>(
  args: ActionArgs,
  kind: RequestKindDefinition<Table, Input> & { messages: { received: string } },
) {
  const { request, context } = args;
  if (request.method.toUpperCase() !== "POST") return methodNotAllowed();
  const body = await readJson(request, { refusalFields: { success: false } });

  const refusal = await screenSubmission(
    getAppContext(context),
    request,
    jsonToFormData(body),
    REQUEST_FORMS_LIMIT,
  );
  if (refusal) return jsonRefusal(refusal, { success: false });

  const parsed = kind.schema(getAppContext(context).now).safeParse(body);
  if (!parsed.success) {
    return json(
      {
        success: false,
        message: parsed.error.issues[0]?.message ?? "Invalid request",
        errors: fieldErrors(parsed.error),
      },
      400,
    );
  }

  try {
    const stored = await store(args, kind, parsed.data);
    return json(
      { success: true, message: kind.messages.received, id: stored.id },
      stored.created ? 201 : 200,
    );
  } catch (error) {
    if (isDomainError(error)) return json({ success: false, message: error.message }, error.status);
    console.error(`${kind.label}: not stored`, error);
    return json(
      { success: false, message: kind.messages.notStoredShort },
      ERROR_STATUS.unavailable,
    );
  }
}
