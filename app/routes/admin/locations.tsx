import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useBlocker,
  useFormAction,
  useLocation,
  useNavigate,
  useNavigation,
  type BlockerFunction,
} from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { type Route } from "./+types/locations";
import { CONFIRM_DELETE_PARAM } from "~/admin/image-actions";
import { ReorderError, neighbourOf } from "~/admin/reorder";
import { locationSchema, roomTypeCreateSchema, roomTypeSchema } from "~/admin/schemas";
import { requireAdmin } from "~/auth/guards.server";
import {
  Badge,
  cardClass,
  dangerButtonClass,
  secondaryButtonClass,
} from "~/components/admin/admin-ui";
import {
  adminHref,
  INTENTS,
  LOCATION_ADMIN_MESSAGES as M,
  withSlugFromName,
} from "~/components/admin/location-admin";
import { LocationForm } from "~/components/admin/location-form";
import { ImageManager } from "~/components/admin/image-manager";
import { LocationPicker } from "~/components/admin/location-picker";
import {
  clearRememberedSelection,
  readRememberedSelection,
  rememberSelection,
  useClearSelectionOnLogout,
} from "~/components/admin/location-selection";
import { RoomTypeCreateForm, RoomTypeEditor, RoomTypeList } from "~/components/admin/room-types";
import { getAppContext } from "~/context";
import { placeLine } from "~/lib/locations";
import { useHydrated } from "~/lib/use-hydrated";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import {
  AdminInputError,
  createLocation,
  createRoomType,
  deleteLocation,
  deleteRoomType,
  getLocationForEdit,
  listLocationSummaries,
  reorderRoomTypes,
  updateLocation,
  updateRoomType,
} from "~/models/admin-catalogue.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Locations",
    description: "Edit locations, room types and their images.",
    path: "/admin",
    noindex: true,
  });

const SEARCH_MAX = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getAppContext(context).db;
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const locationId = params.get("location")?.trim() || null;
  const creating = !locationId && params.get("new") === "1";

  const [summaries, found] = await Promise.all([
    listLocationSummaries(db),
    locationId ? getLocationForEdit(db, locationId) : Promise.resolve(null),
  ]);
  const locations = summaries.map((row) => ({
    id: row.id,
    name: row.name,
    place: placeLine(row),
    hidden: row.hidden,
    featured: row.featured,
  }));
  const index = found ? locations.findIndex((location) => location.id === found.location.id) : -1;
  const wanted = params.get("roomType");
  const roomTypeId =
    found && wanted && found.roomTypes.some((room) => room.id === wanted) ? wanted : null;
  const toManaged = (image: NonNullable<typeof found>["images"][number]) => ({
    id: image.id,
    url: image.url,
    width: image.width,
    height: image.height,
    alt: image.alt ?? "",
  });

  return data(
    {
      locations,
      q,
      creating,
      missing: Boolean(locationId && !found),
      selected: found && {
        location: found.location,
        roomTypes: found.roomTypes,
        locationImages: found.images.filter((image) => image.roomTypeId === null).map(toManaged),
        roomImages: roomTypeId
          ? found.images.filter((image) => image.roomTypeId === roomTypeId).map(toManaged)
          : [],
      },
      roomTypeId,
      confirmDeleteImageId: params.get(CONFIRM_DELETE_PARAM),
      addingRoomType: Boolean(found) && !roomTypeId && params.get("addRoomType") === "1",
      previousId: locations[index - 1]?.id ?? null,
      nextId:
        index === -1
          ? found
            ? null
            : (locations[0]?.id ?? null)
          : (locations[index + 1]?.id ?? null),
    },
    { status: locationId && !found ? 404 : 200 },
  );
}

// ---------------------------------------------------------------------------------------------
// Action: one intent per form, each validated by its own schema, all behind requireAdmin.

const id = z.string().trim().min(1).max(200);
const locationRefSchema = z.object({ locationId: id });
const roomTypeRefSchema = z.object({ locationId: id, roomTypeId: id });
const moveRoomTypeSchema = roomTypeRefSchema.extend({ direction: z.enum(["up", "down"]) });
/** Drag and drop (with JavaScript): the dragged room type takes the target's position. */
const dropRoomTypeSchema = locationRefSchema.extend({ draggedId: id, targetId: id });

type Reply = SubmissionResult<string[]>;
interface Replier {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): Reply;
}

/** Where the admin was (the form posts to the page's own address), for the redirect back. */
function selectionOf(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    location: params.get("location"),
    roomType: params.get("roomType"),
    q: params.get("q")?.slice(0, SEARCH_MAX) ?? null,
  };
}

const fields = (formData: FormData, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, formData.get(name) ?? undefined]));

export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const cloudflare = getAppContext(context);
  const actor = { email: auth.user.email };
  const formData = await request.formData();
  const here = selectionOf(request);
  const intent = formData.get("intent");

  switch (intent) {
    case INTENTS.createLocation: {
      const submission = parseWithZod(withSlugFromName(formData), { schema: locationSchema });
      if (submission.status !== "success") {
        return data(
          { form: "location" as const, locationId: null, result: submission.reply(), toast: null },
          { status: 400 },
        );
      }
      try {
        const newId = await createLocation(cloudflare, actor, submission.value);
        return redirectWithToast(adminHref({ location: newId, q: here.q }), {
          type: "success",
          message: M.locationCreated,
        });
      } catch (error) {
        return locationFailure(submission, null, error);
      }
    }

    case INTENTS.updateLocation: {
      const ref = locationRefSchema.safeParse(fields(formData, ["locationId"]));
      if (!ref.success)
        return redirectWithToast(adminHref(), {
          type: "error",
          message: M.saveLocationError("Location not found"),
        });
      const { locationId } = ref.data;
      const submission = parseWithZod(formData, { schema: locationSchema });
      if (submission.status !== "success") {
        return data(
          { form: "location" as const, locationId, result: submission.reply(), toast: null },
          { status: 400 },
        );
      }
      try {
        await updateLocation(cloudflare, actor, locationId, submission.value);
      } catch (error) {
        return locationFailure(submission, locationId, error);
      }
      const roomType = here.location === locationId ? here.roomType : null;
      return redirectWithToast(adminHref({ location: locationId, roomType, q: here.q }), {
        type: "success",
        message: M.locationUpdated,
      });
    }

    case INTENTS.deleteLocation: {
      const ref = locationRefSchema.safeParse(fields(formData, ["locationId"]));
      if (!ref.success)
        return redirectWithToast(adminHref(), {
          type: "error",
          message: M.deleteLocationError("Location not found"),
        });
      const { locationId } = ref.data;
      // Without JavaScript there is no confirm(): the first post asks, the second deletes.
      if (formData.get("confirmed") !== "yes") {
        return data({ form: "confirm-delete-location" as const, locationId });
      }
      try {
        await deleteLocation(cloudflare, actor, locationId);
      } catch (error) {
        const message =
          error instanceof AdminInputError
            ? M.deleteLocationError(error.message)
            : logged(error, M.deleteLocationFailed);
        return redirectWithToast(adminHref({ location: locationId, q: here.q }), {
          type: "error",
          message,
        });
      }
      return redirectWithToast(adminHref({ q: here.q }), {
        type: "success",
        message: M.locationDeleted,
      });
    }

    case INTENTS.createRoomType: {
      const ref = locationRefSchema.safeParse(fields(formData, ["locationId"]));
      if (!ref.success)
        return redirectWithToast(adminHref(), {
          type: "error",
          message: M.saveRoomTypeError("Location not found"),
        });
      const { locationId } = ref.data;
      const submission = parseWithZod(formData, { schema: roomTypeCreateSchema });
      if (submission.status !== "success") {
        return data(
          {
            form: "room-type-create" as const,
            locationId,
            result: submission.reply(),
            toast: null,
          },
          { status: 400 },
        );
      }
      try {
        const roomTypeId = await createRoomType(
          cloudflare,
          actor,
          locationId,
          submission.value.name,
        );
        return redirectWithToast(
          adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
          {
            type: "success",
            message: M.roomTypeCreated,
          },
        );
      } catch (error) {
        const { message, status } = roomTypeFailure(error);
        return data(
          {
            form: "room-type-create" as const,
            locationId,
            result: submission.reply({ formErrors: [message] }),
            toast: message,
          },
          { status },
        );
      }
    }

    case INTENTS.updateRoomType: {
      const ref = roomTypeRefSchema.safeParse(fields(formData, ["locationId", "roomTypeId"]));
      if (!ref.success)
        return redirectWithToast(adminHref(), {
          type: "error",
          message: M.saveRoomTypeError("Room type not found"),
        });
      const { locationId, roomTypeId } = ref.data;
      const submission = parseWithZod(formData, { schema: roomTypeSchema });
      if (submission.status !== "success") {
        return data(
          { form: "room-type" as const, roomTypeId, result: submission.reply(), toast: null },
          { status: 400 },
        );
      }
      try {
        await updateRoomType(cloudflare, actor, locationId, roomTypeId, submission.value);
      } catch (error) {
        const { message, status } = roomTypeFailure(error);
        return data(
          {
            form: "room-type" as const,
            roomTypeId,
            result: submission.reply({ formErrors: [message] }),
            toast: message,
          },
          { status },
        );
      }
      return redirectWithToast(
        adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
        {
          type: "success",
          message: M.roomTypeUpdated,
        },
      );
    }

    case INTENTS.deleteRoomType: {
      const ref = roomTypeRefSchema.safeParse(fields(formData, ["locationId", "roomTypeId"]));
      if (!ref.success)
        return redirectWithToast(adminHref(), {
          type: "error",
          message: M.deleteRoomTypeError("Room type not found"),
        });
      const { locationId, roomTypeId } = ref.data;
      if (formData.get("confirmed") !== "yes") {
        return data({ form: "confirm-delete-room-type" as const, roomTypeId });
      }
      try {
        await deleteRoomType(cloudflare, actor, locationId, roomTypeId);
      } catch (error) {
        const message =
          error instanceof AdminInputError
            ? M.deleteRoomTypeError(error.message)
            : logged(error, M.deleteRoomTypeFailed);
        return redirectWithToast(
          adminHref({ location: locationId, roomType: roomTypeId, q: here.q }),
          { type: "error", message },
        );
      }
      return redirectWithToast(adminHref({ location: locationId, q: here.q }), {
        type: "success",
        message: M.roomTypeDeleted,
      });
    }

    case INTENTS.moveRoomType: {
      // Two shapes: the Move up / Move down buttons (roomTypeId + direction, posted as a form,
      // answered with a redirect) and a drag-and-drop drop (draggedId + targetId, posted by a
      // fetcher that asks for a JSON answer with `_format=json`).
      const wantsJson = formData.get("_format") === "json";
      const dropped = formData.has("draggedId") || formData.has("targetId");
      const dropRef = dropped
        ? dropRoomTypeSchema.safeParse(fields(formData, ["locationId", "draggedId", "targetId"]))
        : null;
      const moveRef = dropped
        ? null
        : moveRoomTypeSchema.safeParse(fields(formData, ["locationId", "roomTypeId", "direction"]));
      const parsedLocationId = dropRef?.data?.locationId ?? moveRef?.data?.locationId ?? null;
      const back = adminHref({
        location: parsedLocationId ?? here.location,
        roomType:
          parsedLocationId === null || here.location === parsedLocationId ? here.roomType : null,
        q: here.q,
      });
      const failed = (message: string, status: number) =>
        wantsJson
          ? data({ form: "room-type-order" as const, ok: false as const, message }, { status })
          : redirectWithToast(back, { type: "error", message });
      // A move is confirmed the same way however it was made: the drop's toast, or the buttons'.
      const done = (moved: boolean) => {
        if (wantsJson)
          return data({ form: "room-type-order" as const, ok: true as const, message: null });
        return moved
          ? redirectWithToast(back, { type: "success", message: M.roomTypesReordered })
          : redirect(back);
      };

      if (!(dropRef?.success || moveRef?.success)) return failed(M.reorderFailed, 400);
      try {
        if (dropRef?.success) {
          const { locationId, draggedId, targetId } = dropRef.data;
          if (draggedId === targetId) return done(false);
          await reorderRoomTypes(cloudflare, actor, { locationId, draggedId, targetId });
          return done(true);
        }
        const { locationId, roomTypeId, direction } = moveRef!.data!;
        const found = await getLocationForEdit(cloudflare.db, locationId);
        if (!found) throw new AdminInputError("Location not found");
        const ids = found.roomTypes.map((room) => room.id);
        const target = neighbourOf(ids, roomTypeId, direction);
        // The first cannot move up nor the last down: nothing changes.
        if (target === null && ids.includes(roomTypeId)) return done(false);
        // An unknown room type: the reorder refuses it with the spec's message.
        await reorderRoomTypes(cloudflare, actor, {
          locationId,
          draggedId: roomTypeId,
          targetId: target ?? roomTypeId,
        });
      } catch (error) {
        if (error instanceof ReorderError || error instanceof AdminInputError) {
          return failed(
            M.reorderError(error.message),
            /not found/i.test(error.message) ? 404 : 409,
          );
        }
        return failed(logged(error, M.reorderFailed), 500);
      }
      return done(true);
    }

    default:
      return redirectWithToast(adminHref(here), { type: "error", message: M.unknown });
  }
}

function logged(error: unknown, message: string) {
  console.error(message, error);
  return message;
}

function locationFailure(submission: Replier, locationId: string | null, error: unknown) {
  if (error instanceof AdminInputError) {
    const toastMessage = M.saveLocationError(error.message);
    const result = error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [toastMessage] });
    return data(
      { form: "location" as const, locationId, result, toast: toastMessage },
      { status: error.message === "Location not found" ? 404 : 400 },
    );
  }
  const message = logged(error, M.saveLocationFailed);
  return data(
    {
      form: "location" as const,
      locationId,
      result: submission.reply({ formErrors: [message] }),
      toast: message,
    },
    { status: 500 },
  );
}

function roomTypeFailure(error: unknown) {
  if (error instanceof AdminInputError) {
    return {
      message: M.saveRoomTypeError(error.message),
      status: /not found/i.test(error.message) ? 404 : 400,
    };
  }
  return { message: logged(error, M.saveRoomTypeFailed), status: 500 };
}

// ---------------------------------------------------------------------------------------------
// Page

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function AdminLocations({ loaderData, actionData }: Route.ComponentProps) {
  const {
    locations,
    q,
    creating,
    missing,
    selected,
    roomTypeId,
    confirmDeleteImageId,
    addingRoomType,
    previousId,
    nextId,
  } = loaderData;
  const here = useLocation();
  const currentUrl = withoutConfirmation(here);
  const location = selected?.location ?? null;
  const room = selected?.roomTypes.find((candidate) => candidate.id === roomTypeId) ?? null;
  const query = q || null;

  const [locationDirty, setLocationDirty] = useState(false);
  const [roomTypeDirty, setRoomTypeDirty] = useState(false);
  useUnsavedChangesPrompt(locationDirty, roomTypeDirty);
  useClearSelectionOnLogout();
  useRememberedSelection(loaderData);
  useActionToast(actionData);

  const locationResult =
    actionData?.form === "location" && actionData.locationId === (location?.id ?? null)
      ? actionData.result
      : undefined;

  return (
    // Narrow screens read picker, location, room types, then Delete Location; wide ones put the
    // room types in a right column and Delete Location under the location.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_19rem] lg:grid-rows-[auto_1fr]">
      <div className="lg:sticky lg:top-4 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
        <LocationPicker
          locations={locations}
          selectedId={location?.id ?? null}
          query={q}
          previousId={previousId}
          nextId={nextId}
        />
      </div>

      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1">
        {location ? (
          <>
            <LocationHeading location={location} />
            <section aria-labelledby="location-form-heading" className={cardClass}>
              <h2 id="location-form-heading" className="sr-only">
                Location details
              </h2>
              <LocationForm
                key={`${location.id}:${location.updatedAt}`}
                location={location}
                lastResult={locationResult}
                onDirtyChange={setLocationDirty}
              />
            </section>
            <ImageManager
              locationId={location.id}
              roomTypeId={null}
              images={selected!.locationImages}
              redirectTo={currentUrl}
              confirmDeleteId={confirmDeleteImageId}
            />
          </>
        ) : creating ? (
          <>
            <div>
              <p className="text-gold-700 text-xs font-semibold tracking-wider uppercase">
                New location
              </p>
              <h1 className="text-navy-900 font-serif text-3xl">Add Location</h1>
            </div>
            <section aria-labelledby="location-form-heading" className={cardClass}>
              <h2 id="location-form-heading" className="sr-only">
                Location details
              </h2>
              <LocationForm
                key="new"
                location={null}
                lastResult={locationResult}
                onDirtyChange={setLocationDirty}
              />
            </section>
          </>
        ) : (
          <EmptyState missing={missing} />
        )}
      </div>

      <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
        {location && selected ? (
          <>
            <RoomTypeList
              locationId={location.id}
              roomTypes={selected.roomTypes}
              selectedId={roomTypeId}
              adding={addingRoomType}
              q={query}
            />
            {addingRoomType && (
              <RoomTypeCreateForm
                locationId={location.id}
                lastResult={
                  actionData?.form === "room-type-create" && actionData.locationId === location.id
                    ? actionData.result
                    : undefined
                }
                cancelHref={adminHref({ location: location.id, q: query })}
              />
            )}
            {room && (
              <RoomTypeEditor
                key={`${room.id}:${room.updatedAt}`}
                locationId={location.id}
                room={room}
                lastResult={
                  actionData?.form === "room-type" && actionData.roomTypeId === room.id
                    ? actionData.result
                    : undefined
                }
                backHref={adminHref({ location: location.id, q: query })}
                selfHref={adminHref({ location: location.id, roomType: room.id, q: query })}
                onDirtyChange={setRoomTypeDirty}
                deleteConfirming={
                  actionData?.form === "confirm-delete-room-type" &&
                  actionData.roomTypeId === room.id
                }
                images={
                  <ImageManager
                    locationId={location.id}
                    roomTypeId={room.id}
                    images={selected.roomImages}
                    redirectTo={currentUrl}
                    confirmDeleteId={confirmDeleteImageId}
                  />
                }
              />
            )}
          </>
        ) : creating ? (
          <section aria-labelledby="room-types-heading" className={cardClass}>
            <h2 id="room-types-heading" className="text-navy-900 font-serif text-xl">
              Room Types
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Create the location first, then add its room types.
            </p>
          </section>
        ) : null}
      </div>

      {location && (
        <div className="min-w-0 lg:col-start-2 lg:row-start-2 lg:self-start">
          <DeleteLocation
            id={location.id}
            name={location.name}
            confirming={
              actionData?.form === "confirm-delete-location" &&
              actionData.locationId === location.id
            }
            cancelHref={adminHref({ location: location.id, roomType: roomTypeId, q: query })}
          />
        </div>
      )}
    </div>
  );
}

/** This page's address without an image delete's question, to come back to once it is answered. */
function withoutConfirmation({ pathname, search }: { pathname: string; search: string }) {
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_DELETE_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function LocationHeading({
  location,
}: {
  location: NonNullable<LoaderData["selected"]>["location"];
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <p className="text-gold-700 text-xs font-semibold tracking-wider uppercase">
          Edit location
        </p>
        <h1 className="text-navy-900 font-serif text-3xl [overflow-wrap:anywhere]">
          {location.name}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="min-w-0">{placeLine(location)}</span>
          {location.hidden && <Badge tone="hidden">Hidden</Badge>}
          {location.featured && <Badge tone="featured">Featured</Badge>}
        </p>
      </div>
      <a
        href={`/locations/${encodeURIComponent(location.slug)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={secondaryButtonClass}
      >
        View<span className="sr-only"> {location.name} (opens in a new tab)</span>
        <span aria-hidden="true" className="ml-1.5">
          ↗
        </span>
      </a>
    </div>
  );
}

function EmptyState({ missing }: { missing: boolean }) {
  return (
    <section className={`${cardClass} text-center`}>
      <h1 className="text-navy-900 font-serif text-3xl">
        {missing ? "Location not found" : "Locations"}
      </h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        {missing
          ? "It may have been deleted. Choose another location from the list, or add a new one."
          : "Choose a location from the list to edit it, its room types and images, or add a new one."}
      </p>
      <Link
        to={adminHref({ isNew: true })}
        className="bg-navy-900 hover:bg-navy-800 mt-5 inline-flex rounded-lg px-5 py-2.5 text-sm font-semibold text-white"
      >
        Add a new location
      </Link>
    </section>
  );
}

function DeleteLocation({
  id,
  name,
  confirming,
  cancelHref,
}: {
  id: string;
  name: string;
  confirming: boolean;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === INTENTS.deleteLocation;
  const formAction = useFormAction();
  const hydrated = useHydrated();
  return (
    <section
      id="delete-location"
      aria-labelledby="delete-location-heading"
      className={`${cardClass} scroll-mt-24 ring-red-200`}
    >
      <h2 id="delete-location-heading" className="text-navy-900 font-serif text-xl">
        Delete Location
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Removes this location with its room types and images, from the site and from storage. This
        cannot be undone.
      </p>
      <Form
        method="post"
        // Without JavaScript the page comes back with the question: the fragment scrolls to it.
        action={`${formAction}#delete-location`}
        className="mt-4 flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          if (!confirming && !confirm(M.confirmDeleteLocation)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value={INTENTS.deleteLocation} />
        <input type="hidden" name="locationId" value={id} />
        {(hydrated || confirming) && <input type="hidden" name="confirmed" value="yes" />}
        {confirming ? (
          <>
            <p role="alert" className="w-full text-sm font-medium text-red-800">
              {M.confirmDeleteLocation}
            </p>
            <button type="submit" disabled={deleting} className={dangerButtonClass}>
              Yes, delete {name}
            </button>
            <Link to={cancelHref} preventScrollReset className={secondaryButtonClass}>
              Cancel
            </Link>
          </>
        ) : (
          <button type="submit" disabled={deleting} className={dangerButtonClass}>
            {deleting ? "Deleting..." : "Delete Location"}
          </button>
        )}
      </Form>
    </section>
  );
}

/**
 * Spec section 4: a dirty form prompts before the page unloads and before switching location (or,
 * for the room type form, switching room type) inside the app.
 */
function useUnsavedChangesPrompt(locationDirty: boolean, roomTypeDirty: boolean) {
  const dirty = useRef({ location: false, roomType: false });
  useEffect(() => {
    dirty.current = { location: locationDirty, roomType: roomTypeDirty };
  }, [locationDirty, roomTypeDirty]);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    const { location, roomType } = dirty.current;
    if (!location && !roomType) return false;
    // The image manager's forms post elsewhere and come straight back.
    if (nextLocation.pathname === "/admin/images") return false;
    if (nextLocation.pathname !== currentLocation.pathname) return true;
    const current = new URLSearchParams(currentLocation.search);
    const next = new URLSearchParams(nextLocation.search);
    const changed = (name: string) => (current.get(name) ?? "") !== (next.get(name) ?? "");
    if (changed("location") || changed("new")) return true;
    return roomType && changed("roomType");
  }, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(M.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  const anyDirty = locationDirty || roomTypeDirty;
  useEffect(() => {
    if (!anyDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = M.unsavedChanges;
      return M.unsavedChanges;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [anyDirty]);
}

/** With JavaScript the selection is also remembered, and /admin with none reopens it. */
function useRememberedSelection({ locations, selected, roomTypeId, missing }: LoaderData) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const selectedId = selected?.location.id ?? null;
  useEffect(() => {
    if (selectedId) rememberSelection(selectedId, roomTypeId);
    else if (missing) clearRememberedSelection();
  }, [selectedId, roomTypeId, missing]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.has("location") || params.has("new") || params.has("q")) return;
    const remembered = readRememberedSelection();
    if (!remembered.locationId) return;
    if (!locations.some((location) => location.id === remembered.locationId)) {
      clearRememberedSelection();
      return;
    }
    navigate(adminHref({ location: remembered.locationId, roomType: remembered.roomTypeId }), {
      replace: true,
    });
    // Only when the address changes to one without a selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
}

/** Failures the server answered without a redirect also show as a toast (with JavaScript). */
function useActionToast(actionData: ActionData) {
  useEffect(() => {
    if (actionData && "toast" in actionData && actionData.toast) toast.error(actionData.toast);
  }, [actionData]);
}
