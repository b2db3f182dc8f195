type Mail = { to: string; subject: string; links: string[]; sentAt: string };

/**
 * The newest link in the dev mailbox for `to` whose path starts with `path`, moved onto `baseUrl` (links use the
 * server's public URL; the browser must stay on one origin for its cookies).
 */
export const mailLink = async (baseUrl: string, to: string, path: string): Promise<string> => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    if (response.ok) {
      const mails = (await response.json()) as Mail[];
      for (const mail of mails) {
        const link = mail.links.map((value) => new URL(value)).find((url) => url.pathname === path);
        if (link) return `${baseUrl}${link.pathname}${link.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a ${path} link arrived`);
};

/** How many mails the dev mailbox holds for `to`. */
export const mailCount = async (baseUrl: string, to: string): Promise<number> => {
  const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return response.ok ? ((await response.json()) as Mail[]).length : 0;
};
