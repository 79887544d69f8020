import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import {
  IMAGE_ACTION_PATH,
  IMAGE_RULES,
  IMAGE_TOASTS,
  type ImageActionResult,
} from "~/catalogue/image-manager";
import { type ImageGroup } from "./group";

const isImageFile = (file: File) => file.type.startsWith("image/");
export const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

const NETWORK_ERROR = "Network error. Please check your connection and try again.";

/** The upload's early answer for what the server would refuse anyway, before sending megabytes. */
function refusalOf(files: File[]) {
  if (files.length === 0) return IMAGE_RULES.noFiles;
  const empty = files.find((file) => file.size === 0);
  if (empty) return IMAGE_TOASTS.uploadFailed(IMAGE_RULES.empty(empty.name));
  if (files.length > IMAGE_RULES.maxFiles) return IMAGE_TOASTS.uploadFailed(IMAGE_RULES.tooMany);
  if (files.some((file) => file.size > IMAGE_RULES.maxBytes))
    return IMAGE_TOASTS.uploadFailed(IMAGE_RULES.tooLarge);
  return null;
}

function resultOf(xhr: XMLHttpRequest) {
  try {
    return JSON.parse(xhr.responseText) as ImageActionResult;
  } catch {
    return null;
  }
}

/**
 * The chosen files and their upload with JavaScript: an XMLHttpRequest (for its progress) that
 * asks for a JSON answer; `onUploaded` reloads the page's data before the success toast.
 */
export function useUpload(group: ImageGroup, onUploaded: () => Promise<unknown>) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => xhrRef.current?.abort(), []);

  /** Adds the images among `incoming`; anything else is skipped with a toast. */
  const add = (incoming: File[]) => {
    const accepted = incoming.filter(isImageFile);
    if (accepted.length < incoming.length) toast.error(IMAGE_RULES.onlyImages);
    if (accepted.length === 0) return;
    setFiles((current) => {
      const known = new Set(current.map(fileKey));
      return [...current, ...accepted.filter((file) => !known.has(fileKey(file)))];
    });
  };

  const remove = (file: File) =>
    setFiles((current) => current.filter((other) => fileKey(other) !== fileKey(file)));

  const start = () => {
    if (progress !== null) return;
    const refusal = refusalOf(files);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    const body = new FormData();
    body.set("intent", "upload");
    body.set("locationId", group.locationId);
    body.set("roomTypeId", group.roomTypeId ?? "");
    body.set("redirectTo", group.redirectTo);
    for (const file of files) body.append("files", file, file.name);

    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", IMAGE_ACTION_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        setProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const finish = () => {
      xhrRef.current = null;
      setProgress(null);
    };
    xhr.onload = async () => {
      const result = resultOf(xhr);
      if (xhr.status >= 200 && xhr.status < 300 && result?.ok) {
        setProgress(100);
        setFiles([]);
        await onUploaded();
        finish();
        toast.success(IMAGE_TOASTS.uploaded(result.ids?.length ?? files.length));
        return;
      }
      finish();
      const message =
        result && !result.ok
          ? result.message
          : xhr.status === 413
            ? IMAGE_RULES.tooLarge
            : `Server error (${xhr.status})`;
      toast.error(IMAGE_TOASTS.uploadFailed(message));
    };
    xhr.onerror = () => {
      finish();
      toast.error(IMAGE_TOASTS.uploadFailed(NETWORK_ERROR));
    };
    xhr.onabort = finish;
    setProgress(0);
    xhr.send(body);
  };

  return {
    files,
    progress,
    uploading: progress !== null,
    add,
    remove,
    start,
    cancel: () => xhrRef.current?.abort(),
  };
}
