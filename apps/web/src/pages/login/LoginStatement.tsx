import { AntdProviders } from '../../app/router/AntdRoot.tsx';
import { StatementDialog } from '../../app/shell/StatementDialog.tsx';

/** The official statement on the sign-in page, which sits outside the antd root: it brings antd's theme and locale along. */
export default function LoginStatement() {
  return (
    <AntdProviders>
      <StatementDialog />
    </AntdProviders>
  );
}
