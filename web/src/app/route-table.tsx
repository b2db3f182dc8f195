import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { NotFound } from '@/components/errors/not-found';
import { RouteError } from '@/components/errors/route-error';
import { Unauthorized } from '@/components/errors/unauthorized';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ErrorLayout } from '@/components/layouts/error-layout';
import { PageLoader } from '@/components/ui/spinner';
import { adminRoles, userRoles } from '@/config/roles';
import { GuestOnly, RequireAuth } from '@/lib/authorization';
import { RootLayout } from './routes/root-layout';

/** `lazy` for a route module's named component export (each page is its own chunk). */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

const AdminRoutes = lazy(() => import('./routes/admin/admin-routes'));

/** The route table of spec 1 §2.1 and spec 2 §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: (
      <ErrorLayout>
        <RouteError />
      </ErrorLayout>
    ),
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: '/',
        lazy: page(() => import('./routes/main-layout-route'), 'MainLayoutRoute'),
        children: [
          { path: 'feedback', lazy: page(() => import('./routes/app/feedback'), 'FeedbackRoute') },
          { path: 'pricing', lazy: page(() => import('./routes/app/pricing'), 'PricingRoute') },
          {
            element: <RequireAuth allowedRoles={adminRoles} />,
            children: [
              { path: 'users', lazy: page(() => import('./routes/app/users'), 'UsersRoute') },
              { path: 'testpage', lazy: page(() => import('./routes/app/test-page'), 'TestPageRoute') },
              { path: 'userstable', lazy: page(() => import('./routes/app/users-table'), 'UsersTableRoute') },
              { path: 'about', lazy: page(() => import('./routes/app/about'), 'AboutRoute') },
              {
                path: 'feedbackpanel',
                lazy: page(() => import('./routes/app/feedback-panel'), 'FeedbackPanelRoute'),
              },
              {
                path: 'admin/*',
                element: (
                  <Suspense fallback={<PageLoader label="Loading admin…" />}>
                    <AdminRoutes />
                  </Suspense>
                ),
              },
            ],
          },
          {
            element: <RequireAuth allowedRoles={userRoles} />,
            children: [
              {
                index: true,
                lazy: page(() => import('./routes/app/recommended-etfs'), 'RecommendedEtfsRoute'),
              },
              {
                path: 'settings',
                lazy: page(() => import('./routes/settings/settings-layout'), 'SettingsLayout'),
                children: [
                  { index: true, element: <Navigate to="account" replace /> },
                  {
                    path: 'account',
                    element: <Outlet />,
                    children: [
                      { index: true, lazy: page(() => import('./routes/settings/account'), 'AccountRoute') },
                      {
                        path: 'change-password',
                        lazy: page(() => import('./routes/settings/account'), 'ChangePasswordRoute'),
                      },
                      {
                        path: 'change-email',
                        lazy: page(() => import('./routes/settings/account'), 'ChangeEmailRoute'),
                      },
                    ],
                  },
                  {
                    path: 'invoices',
                    lazy: page(() => import('./routes/settings/invoices'), 'InvoicesRoute'),
                  },
                ],
              },
              {
                path: 'etftrackings',
                lazy: page(() => import('./routes/app/etf-trackings'), 'EtfTrackingsRoute'),
              },
              { path: 'portfolios', lazy: page(() => import('./routes/app/portfolios'), 'PortfoliosRoute') },
              { path: 'taxes', lazy: page(() => import('./routes/app/taxes'), 'TaxesRoute') },
              {
                path: 'newtracking/:symbol?',
                lazy: page(() => import('./routes/app/new-tracking'), 'NewTrackingRoute'),
              },
              {
                path: 'tracking/:symbol',
                lazy: page(() => import('./routes/app/tracking'), 'TrackingRoute'),
              },
            ],
          },
        ],
      },
      {
        element: <GuestOnly />,
        children: [
          {
            path: 'forgot-password',
            lazy: page(() => import('./routes/auth/forgot-password'), 'ForgotPasswordRoute'),
          },
        ],
      },
      {
        path: 'confirmation-email-sent',
        lazy: page(() => import('./routes/auth/confirmation-email-sent'), 'ConfirmationEmailSentRoute'),
      },
      {
        path: 'account-activation',
        lazy: page(() => import('./routes/auth/account-activation'), 'AccountActivationRoute'),
      },
      {
        path: 'reset-password',
        lazy: page(() => import('./routes/auth/reset-password'), 'ResetPasswordRoute'),
      },
      { path: 'update-email', lazy: page(() => import('./routes/auth/update-email'), 'UpdateEmailRoute') },
      {
        path: 'cancel-email-change',
        lazy: page(() => import('./routes/auth/cancel-email-change'), 'CancelEmailChangeRoute'),
      },
      {
        element: <AuthLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: 'register', lazy: page(() => import('./routes/auth/register'), 'RegisterRoute') },
              { path: 'login', lazy: page(() => import('./routes/auth/login'), 'LoginRoute') },
            ],
          },
          { path: 'privacy-policy', lazy: page(() => import('./routes/public/legal'), 'PrivacyPolicyRoute') },
          { path: 'tos', lazy: page(() => import('./routes/public/legal'), 'TermsOfServiceRoute') },
          { path: 'landing', lazy: page(() => import('./routes/public/landing'), 'LandingRoute') },
          { path: 'scan', lazy: page(() => import('./routes/public/marketing'), 'ScanRoute') },
          {
            path: 'directindexing',
            lazy: page(() => import('./routes/public/marketing'), 'DirectIndexingRoute'),
          },
          {
            path: 'tax-loss-harvesting',
            lazy: page(() => import('./routes/public/marketing'), 'TaxLossHarvestingRoute'),
          },
          {
            path: 'feedback-noauth',
            lazy: page(() => import('./routes/public/feedback-noauth'), 'FeedbackNoAuthRoute'),
          },
        ],
      },
      {
        element: <ErrorLayout />,
        children: [
          { path: 'unauthorized', element: <Unauthorized /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
