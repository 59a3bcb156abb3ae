/** The login and register dialogs, mounted once over every route; the store says which one is open. */
import { useAuthDialog } from '../login-dialog-store';
import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';

export default function AuthDialogs() {
  const { open, next } = useAuthDialog();
  return (
    <>
      <LoginDialog open={open === 'login'} next={next} />
      <RegisterDialog open={open === 'register'} next={next} />
    </>
  );
}
