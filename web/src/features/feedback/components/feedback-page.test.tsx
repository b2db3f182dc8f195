import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const screenshot = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 0])], name, { type: 'image/png' });

const openFeedback = async (url: string) => {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Feedback' });
  return app;
};

/** The multipart body of the n-th POST /api/feedback. */
/** The index-th multipart body sent (other calls, such as the top bar's notifications, are skipped). */
const sentForm = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], index = 0): FormData => {
  const init = fetchMock.mock.calls.filter((call) => call[1]?.body instanceof FormData)[index]?.[1];
  if (!(init?.body instanceof FormData)) throw new Error('no multipart body was sent');
  return init.body;
};

describe('Feedback form', () => {
  describe('When anonymous (/feedback-noauth)', () => {
    it('asks for a message and a valid e-mail before sending anything', async () => {
      setSession();
      const api = mockApi({});
      const app = await openFeedback('/feedback-noauth');
      await app.user.click(screen.getByRole('button', { name: 'Send Feedback' }));
      const thoughts = screen.getByRole('textbox', { name: 'Your Thoughts' });
      expect(thoughts).toHaveAccessibleDescription('Please provide your feedback');
      expect(thoughts).toHaveFocus();

      await app.user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'ada@');
      await app.user.type(thoughts, 'Love it');
      await app.user.click(screen.getByRole('button', { name: 'Send Feedback' }));
      const email = screen.getByRole('textbox', { name: 'Email (optional)' });
      expect(email).toHaveAccessibleDescription('Please enter a valid email or leave it blank');
      expect(email).toHaveFocus();
      expect(thoughts).not.toHaveAccessibleDescription();
      expect(api.fetchMock).not.toHaveBeenCalled();
    });

    it('keeps the first five of six screenshots, with previews that can be removed', async () => {
      setSession();
      const app = await openFeedback('/feedback-noauth');
      const picker = screen.getByLabelText('Screenshots (optional)');
      await app.user.upload(
        picker,
        [1, 2, 3, 4, 5, 6].map((n) => screenshot(`shot-${n}.png`)),
      );
      expect(await screen.findByText('You can upload a maximum of 5 images.')).toBeInTheDocument();
      const selected = screen.getByRole('list', { name: 'Selected screenshots' });
      const previews = () =>
        within(selected)
          .getAllByRole('img')
          .map((image) => image.getAttribute('alt'));
      await waitFor(() =>
        expect(previews()).toEqual([1, 2, 3, 4, 5].map((n) => `Screenshot ${n}: shot-${n}.png`)),
      );
      await app.user.click(screen.getByRole('button', { name: 'Remove screenshot 2' }));
      expect(previews()).toEqual([
        'Screenshot 1: shot-1.png',
        'Screenshot 2: shot-3.png',
        'Screenshot 3: shot-4.png',
        'Screenshot 4: shot-5.png',
      ]);
      expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
      expect(picker).toHaveAttribute('multiple');
    });

    it('sends the message, the e-mail, the page context and the screenshots, then thanks the visitor', async () => {
      setSession();
      const api = mockApi({ 'POST /api/feedback': json(200, { id: 'f-1' }) });
      const app = await openFeedback('/feedback-noauth');
      await app.user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'ada@example.com');
      await app.user.type(screen.getByRole('textbox', { name: 'Your Thoughts' }), '  The demo is great  ');
      await app.user.upload(screen.getByLabelText('Screenshots (optional)'), [
        screenshot('a.png'),
        screenshot('b.png'),
      ]);
      await app.user.click(screen.getByRole('button', { name: 'Send Feedback' }));

      expect(await screen.findByRole('heading', { name: 'Thank You' })).toHaveFocus();
      expect(await screen.findByText('Thanks for your feedback!')).toBeInTheDocument();
      const [call] = api.callsTo('POST /api/feedback');
      expect(call?.credentials).toBe('include');
      expect(call?.headers.has('Authorization')).toBe(false);
      const form = sentForm(api.fetchMock);
      expect(JSON.parse(String(form.get('feedback')))).toEqual({
        email: 'ada@example.com',
        message: '  The demo is great  ',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        userAgent: navigator.userAgent,
        language: navigator.language,
        screenResolution: expect.stringMatching(/^\d+x\d+$/),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        referrer: 'direct',
        pageUrl: window.location.href,
      });
      expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);

      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      await app.user.click(screen.getByRole('button', { name: 'Share More Feedback' }));
      expect(screen.getByRole('textbox', { name: 'Your Thoughts' })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: 'Email (optional)' })).toHaveValue('');
      expect(screen.queryByRole('list', { name: 'Selected screenshots' })).not.toBeInTheDocument();
    });

    it('sends a blank e-mail as null', async () => {
      setSession();
      const api = mockApi({ 'POST /api/feedback': json(200, { id: 'f-2' }) });
      const app = await openFeedback('/feedback-noauth');
      await app.user.type(screen.getByRole('textbox', { name: 'Your Thoughts' }), 'Hi');
      await app.user.click(screen.getByRole('button', { name: 'Send Feedback' }));
      await screen.findByRole('heading', { name: 'Thank You' });
      expect(JSON.parse(String(sentForm(api.fetchMock).get('feedback')))).toMatchObject({ email: null });
    });

    it.each([
      [json(500), 'Failed to submit feedback. Please try again later.'],
      [
        json(400, { message: 'You can upload a maximum of 5 images.' }),
        'You can upload a maximum of 5 images.',
      ],
    ])('reports a failed submission (%o) and keeps what was typed', async (answer, text) => {
      setSession();
      mockApi({ 'POST /api/feedback': answer });
      const app = await openFeedback('/feedback-noauth');
      await app.user.type(screen.getByRole('textbox', { name: 'Your Thoughts' }), 'Hi');
      await app.user.click(screen.getByRole('button', { name: 'Send Feedback' }));
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(text));
      expect(alert).toHaveFocus();
      expect(screen.getByRole('textbox', { name: 'Your Thoughts' })).toHaveValue('Hi');
      expect(screen.queryByRole('heading', { name: 'Thank You' })).not.toBeInTheDocument();
    });
  });

  describe('When signed in (/feedback)', () => {
    it('hides the e-mail, sends the session e-mail and bearer token, and offers no Back to Home', async () => {
      const accessToken = makeAccessToken({ sub: 'grace@example.com' });
      setSession({ accessToken });
      const api = mockApi({ 'POST /api/feedback': json(200, { id: 'f-3' }) });
      const app = await openFeedback('/feedback');
      expect(screen.queryByRole('textbox', { name: 'Email (optional)' })).not.toBeInTheDocument();
      await app.user.type(screen.getByRole('textbox', { name: 'Your Thoughts' }), 'Signed-in idea');
      await app.user.click(screen.getByRole('button', { name: 'Send Feedback' }));
      await screen.findByRole('heading', { name: 'Thank You' });
      expect(api.callsTo('POST /api/feedback')[0]?.headers.get('Authorization')).toBe(
        `Bearer ${accessToken}`,
      );
      expect(JSON.parse(String(sentForm(api.fetchMock).get('feedback')))).toMatchObject({
        email: 'grace@example.com',
        message: 'Signed-in idea',
      });
      expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Share More Feedback' })).toBeInTheDocument();
    });
  });
});
