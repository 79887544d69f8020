import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getAuth } from "~/auth/guards.server";
import { type AppContext, getAppContext } from "~/context";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "~/requests/schemas";
import { jsonToFormData, SCREEN_MESSAGES, screenSubmission } from "~/requests/screen.server";
import { type RequestFormActionData } from "~/components/request-form/use-request-form";

/*
 * The server side of the request forms (agent application, support message): the page actions
 * (form posts, with or without JavaScript) and the JSON endpoints share one order of checks —
 * screening (honeypot, per-IP limit, bot check), then the schema, then one D1 batch that stores
 * the request with its e-mails. Bad input is always a 4xx; only storage trouble is a 503.
 */

type Context = Readonly<RouterContextProvider>;

type Store<Value> = (
  cloudflare: AppContext,
  value: Value,
  meta: { userId: string | null; origin: string },
) => Promise<{ id: string; created: boolean }>;

interface RequestKind<Schema extends z.ZodType<{ email: string }>> {
  /** For log lines. */
  label: string;
  schema: Schema;
  store: Store<z.output<Schema>>;
}

/** Shown when the form's hidden one-time key is not ours (an old or tampered page). */
export const RELOAD_MESSAGE = "This form has expired. Please reload the page and try again.";

async function storeFor<Schema extends z.ZodType<{ email: string }>>(
  kind: RequestKind<Schema>,
  request: Request,
  context: Context,
  value: z.output<Schema>,
) {
  const auth = await getAuth(context);
  return kind.store(getAppContext(context), value, {
    userId: auth?.user.id ?? null,
    origin: new URL(request.url).origin,
  });
}

/** The action of a request page: conform's reply, with the entered values, for every outcome. */
export async function requestFormAction<Schema extends z.ZodType<{ email: string }>>(
  { request, context }: { request: Request; context: Context },
  kind: RequestKind<Schema> & { failed: { message: string; toast: string } },
) {
  const reply = (result: SubmissionResult<string[]>, status: number, toast: string | null = null) =>
    data<RequestFormActionData>({ result, sentTo: null, toast }, { status });

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return reply({ status: "error", error: { "": [SCREEN_MESSAGES.honeypot] } }, 400);
  }

  const screening = await screenSubmission(getAppContext(context), request, formData);
  if (!screening.ok) {
    // Nothing is stored; the reply only gives the entered values (and any field messages) back.
    const echo = parseWithZod(formData, { schema: kind.schema });
    return reply(
      echo.reply({ formErrors: [screening.message], hideFields: [HONEYPOT_FIELD] }),
      screening.status,
      screening.message,
    );
  }

  const submission = parseWithZod(formData, { schema: kind.schema });
  if (submission.status !== "success") {
    const hiddenFieldFailed = Boolean(
      submission.error?.[IDEMPOTENCY_FIELD] || submission.error?.[HONEYPOT_FIELD],
    );
    return reply(
      submission.reply(hiddenFieldFailed ? { formErrors: [RELOAD_MESSAGE] } : undefined),
      400,
    );
  }

  try {
    await storeFor(kind, request, context, submission.value);
  } catch (error) {
    console.error(`${kind.label}: not stored`, error);
    return reply(submission.reply({ formErrors: [kind.failed.message] }), 503, kind.failed.toast);
  }
  return {
    result: submission.reply({ resetForm: true }),
    sentTo: submission.value.email.toLowerCase(),
    toast: null,
  } satisfies RequestFormActionData;
}

/** Each field's messages, once each (a value of the wrong type can fail a rule twice). */
function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors)) {
    if (Array.isArray(messages)) errors[field] = [...new Set(messages as string[])];
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
    {
      Allow: "POST",
    },
  );
}

/**
 * A JSON endpoint of spec section 7: `201 { success, message, id }` when stored (200 with the
 * same id when the idempotency key was used before), `400 { success: false, message, errors }`
 * for invalid fields, 415 for a body that is not JSON, 503 when storing fails.
 */
export async function requestJsonEndpoint<Schema extends z.ZodType<{ email: string }>>(
  { request, context }: { request: Request; context: Context },
  kind: RequestKind<Schema> & { received: string; failed: string },
) {
  if (request.method.toUpperCase() !== "POST") return methodNotAllowed();
  const mediaType = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    return json(
      { success: false, message: "Send a JSON body (Content-Type: application/json)." },
      415,
    );
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ success: false, message: "The body is not valid JSON." }, 400);
  }

  const screening = await screenSubmission(getAppContext(context), request, jsonToFormData(body));
  if (!screening.ok) return json({ success: false, message: screening.message }, screening.status);

  const parsed = kind.schema.safeParse(body);
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
    const stored = await storeFor(kind, request, context, parsed.data);
    return json(
      { success: true, message: kind.received, id: stored.id },
      stored.created ? 201 : 200,
    );
  } catch (error) {
    console.error(`${kind.label}: not stored`, error);
    return json({ success: false, message: kind.failed }, 503);
  }
}
