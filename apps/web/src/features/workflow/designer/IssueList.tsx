import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignIssue } from './checkGraph.ts';
import { NS } from './messages.ts';

/** The last validation's findings; a click selects the node or edge it is about. */
export function IssueList({
  issues,
  text,
  onPick,
}: {
  issues: DesignIssue[];
  text: (i: DesignIssue) => string;
  onPick: (i: DesignIssue) => void;
}) {
  const { t } = useTranslation(NS);
  if (!issues.length) return null;
  return (
    <div className="wf-issues" data-testid="wf-issues">
      <Typography.Text type="danger" strong>
        {t('invalidCount', { count: issues.length })}
      </Typography.Text>
      <List
        size="small"
        dataSource={issues}
        renderItem={(i) => (
          <List.Item className="wf-issue" onClick={() => onPick(i)}>
            {text(i)}
          </List.Item>
        )}
      />
    </div>
  );
}
