import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { INTENTS } from "~/catalogue/location-manager";
import { roomTypeCreateSchema } from "~/catalogue/schemas";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { cardClass } from "../../admin/admin-ui";
import { useSubmitting } from "~/lib/use-submitting";

/** '+ Add Room Type': only the name; the other fields come once the room type exists. */
export function RoomTypeCreateForm({
  locationId,
  lastResult,
  cancelHref,
}: {
  locationId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
}) {
  const busy = useSubmitting(INTENTS.createRoomType);
  const [form, fields] = useForm({
    id: `room-type-new-${locationId}`,
    lastResult,
    constraint: getZodConstraint(roomTypeCreateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomTypeCreateSchema }),
  });
  return (
    <section
      id="add-room-type"
      aria-labelledby="add-room-type-heading"
      className={`${cardClass} scroll-mt-6`}
    >
      <h2 id="add-room-type-heading" className="text-navy-900 font-serif text-xl">
        Add Room Type
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={INTENTS.createRoomType} />
        <input type="hidden" name="locationId" value={locationId} />
        <Field
          field={fields.name}
          label="Name"
          autoComplete="off"
          placeholder="e.g. Ocean View Suite"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={busy} busyText="Saving...">
            Create Room Type
          </SubmitButton>
          <Link
            to={cancelHref}
            preventScrollReset
            className="text-navy-900 text-sm font-semibold underline-offset-4 hover:underline"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
