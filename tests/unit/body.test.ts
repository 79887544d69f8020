import { describe, expect, it } from "vitest";
import { readFormData, readJson } from "~/lib/body.server";
import { DomainError, ERROR_STATUS } from "~/lib/errors.server";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/form", { method: "POST", body, headers });

/** A body sent in chunks, with no Content-Length to say how long it is. */
function streamed(text: string, contentType: string, chunks = 64) {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / chunks);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += size)));
    },
  });
  return new Request("http://localhost/form", {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
}

/** What a refusal thrown by a reader answers: its status and its message. */
async function refusal(read: Promise<unknown>) {
  const thrown = await read.then(
    () => null,
    (error: unknown) => error,
  );
  if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
  // React Router's data(): a page action's refusal.
  const value = thrown as { init: ResponseInit | null; data: unknown };
  return { status: value.init?.status, body: value.data };
}

describe("reading a form", () => {
  it("reads url-encoded and multipart forms", async () => {
    const encoded = await readFormData(
      post("name=Ada&note=hi", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(encoded.get("name")).toBe("Ada");
    const form = new FormData();
    form.set("name", "Grace");
    expect((await readFormData(post(form))).get("name")).toBe("Grace");
  });

  it.each([
    ["no body at all", post(null), 400, "The request has no form data."],
    [
      "a JSON body",
      post('{"a":1}', { "Content-Type": "application/json" }),
      415,
      "Send the form as form data (application/x-www-form-urlencoded or multipart/form-data).",
    ],
    [
      "a body over the limit",
      post("a=1", {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "2000000",
      }),
      413,
      "The form is too large.",
    ],
    [
      "a multipart body that cannot be parsed",
      post("garbage", { "Content-Type": "multipart/form-data; boundary=nothing" }),
      400,
      "The form data could not be read. Please try again.",
    ],
    [
      "a body over the limit sent in chunks, with no length",
      streamed(`a=${"x".repeat(1_100_000)}`, "application/x-www-form-urlencoded"),
      413,
      "The form is too large.",
    ],
    [
      "a body over the limit whose length is not a number",
      post(`a=${"x".repeat(1_100_000)}`, {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "lots",
      }),
      413,
      "The form is too large.",
    ],
  ])("refuses %s with a message", async (_name, request, status, message) => {
    const answer = await refusal(readFormData(request));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message });
  });
});

describe("reading JSON", () => {
  it("reads a JSON body", async () => {
    expect(await readJson(post('{"a":1}', { "Content-Type": "application/json" }))).toEqual({
      a: 1,
    });
  });

  it("reads a form sent in chunks, under the limit", async () => {
    const form = await readFormData(
      streamed("name=Ada&note=hi", "application/x-www-form-urlencoded", 4),
    );
    expect(form.get("note")).toBe("hi");
  });

  it.each([
    ["a form", post("a=1", { "Content-Type": "application/x-www-form-urlencoded" }), 415],
    [
      "a body over the limit sent in chunks",
      streamed(JSON.stringify({ a: "x".repeat(300_000) }), "application/json"),
      413,
    ],
    ["broken JSON", post("{not json", { "Content-Type": "application/json" }), 400],
    ["no body", post(null, { "Content-Type": "application/json" }), 400],
  ])("refuses %s, with the endpoint's own fields", async (_name, request, status) => {
    const answer = await refusal(readJson(request, { refusalFields: { success: false } }));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe("domain errors", () => {
  it("take their status from their code, in one place", () => {
    expect(new DomainError("not-found", "Location not found").status).toBe(404);
    expect(new DomainError("stale", "Reload").status).toBe(409);
    expect(ERROR_STATUS["too-large"]).toBe(413);
    expect(ERROR_STATUS.unsupported).toBe(415);
  });
});
