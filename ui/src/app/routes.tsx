import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './root-layout.js';
import { GuestOnly, RequireAuth } from './route-guards.js';

// One chunk per screen: the login page never downloads the shell, and the reverse.
const LoginPage = lazy(() =>
  import('../features/auth/components/login-page.js').then((module) => ({ default: module.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/components/register-page.js').then((module) => ({ default: module.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page.js').then((module) => ({
    default: module.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page.js').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const SharedPage = lazy(() =>
  import('../features/share/components/shared-page.js').then((module) => ({ default: module.SharedPage })),
);
const ShellRoute = lazy(() => import('./shell-route.js').then((module) => ({ default: module.ShellRoute })));
const ChatRoute = lazy(() => import('./chat-route.js').then((module) => ({ default: module.ChatRoute })));

/** Spec 000 §2. Shared by the browser router and the memory routers of the tests. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
        ],
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // Public: a shared link opens signed in or not (issue 20 §3).
      { path: '/share/:shareId', element: <SharedPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <ShellRoute />,
            children: [
              { path: '/', element: <Navigate to="/c/new" replace /> },
              { path: '/c/:conversationId', element: <ChatRoute /> },
              { path: '*', element: <Navigate to="/c/new" replace /> },
            ],
          },
        ],
      },
    ],
  },
];
