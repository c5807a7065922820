import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '@shared/constants';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { ScreenHost } from '@web/screens/ScreenHost';
import { BasicLayout } from '@web/shell/BasicLayout';
import { routableItems } from '@web/shell/menuModel';
import { UserLayout } from '@web/shell/UserLayout';
import { usePermissions } from '@web/stores/permissions';
import { CurrentMenuItem } from './currentMenuItem';

const Login = lazy(() => import('@web/screens/user/Login'));
const DeepLink = lazy(() => import('@web/screens/deepLink/DeepLink'));
const NotFound = lazy(() => import('@web/screens/exception/NotFound'));
const Register = lazy(() => import('@web/screens/user/NotOpenYet').then((m) => ({ default: m.Register })));
const RegisterResult = lazy(() => import('@web/screens/user/NotOpenYet').then((m) => ({ default: m.RegisterResult })));
const Alteration = lazy(() => import('@web/screens/user/NotOpenYet').then((m) => ({ default: m.Alteration })));

/**
 * Public routes, then the routes built from the server's menu once it has loaded: every screen
 * with a route flag other than '0', resolved through the screen registry.
 */
export function AppRoutes() {
  const menu = usePermissions((state) => state.menu);
  const loaded = usePermissions((state) => state.loaded);
  const menuRoutes = useMemo(() => routableItems(menu), [menu]);

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/user" element={<UserLayout />}>
          <Route index element={<Navigate to={LOGIN_PATH} replace />} />
          <Route path="login" element={<Login />} />
          <Route path="register" element={<Register />} />
          <Route path="register-result" element={<RegisterResult />} />
          <Route path="alteration" element={<Alteration />} />
        </Route>
        <Route path={NOT_FOUND_PATH} element={<NotFound />} />
        {loaded ? (
          <>
            <Route element={<BasicLayout />}>
              <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
              <Route path="/test/home" element={<ScreenHost component="test/Home" />} />
              <Route path="/do/:commandId" element={<DeepLink />} />
              <Route path="/isps/userAnnouncement" element={<ScreenHost component="isps/UserAnnouncement" />} />
              {menuRoutes.map((item) => (
                <Route
                  key={item.id}
                  path={item.path}
                  element={
                    <CurrentMenuItem.Provider value={item}>
                      <ScreenHost key={item.path} component={item.component} />
                    </CurrentMenuItem.Provider>
                  }
                />
              ))}
            </Route>
            <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
          </>
        ) : null}
      </Routes>
    </Suspense>
  );
}
