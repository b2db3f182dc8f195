/** Category = the part of a stream id before the first `-` (so no category name contains one). */
export const streamCategory = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
};
