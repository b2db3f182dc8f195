import { formatDateTime } from '@/lib/format';
/** Spec 2 §9: a row previews the first 50 characters of the message. */
export const PREVIEW_LENGTH = 50;

/** The row preview: the first 50 characters (never half an emoji) and an ellipsis when there was more. */
export const previewOf = (message: string): string => {
  const characters = Array.from(message);
  return characters.length > PREVIEW_LENGTH ? `${characters.slice(0, PREVIEW_LENGTH).join('')}...` : message;
};

/** Spec 2 §3: the time is a number of seconds or a date string. Undefined when it is neither. */
export const feedbackTime = (timestamp: number | string): Date | undefined => {
  const seconds =
    typeof timestamp === 'number'
      ? timestamp
      : /^\d+(\.\d+)?$/.test(timestamp.trim())
        ? Number(timestamp)
        : undefined;
  const date = seconds === undefined ? new Date(timestamp) : new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export const formatFeedbackTime = (timestamp: number | string): string => {
  const time = feedbackTime(timestamp);
  return time ? formatDateTime(time) : String(timestamp);
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MEDIA_SUBTYPE = /^[a-z0-9.+-]{1,30}$/;

/**
 * A screenshot as a data URL, or undefined when its data is not base64 (spec 2 §5: whitespace is stripped first) —
 * the viewer then shows 'Failed to render screenshot N'. Unknown media types fall back to png.
 */
export const screenshotUrl = (base64: string, type: string | undefined): string | undefined => {
  const data = base64.replace(/\s+/g, '');
  if (data === '' || !BASE64.test(data)) return undefined;
  const subtype = type?.toLowerCase().replace(/^image\//, '') ?? 'png';
  return `data:image/${MEDIA_SUBTYPE.test(subtype) ? subtype : 'png'};base64,${data}`;
};

export const screenshotFailedMessage = (n: number) => `Failed to render screenshot ${n}`;
