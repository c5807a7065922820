import { ResultPage } from './ResultPage';

/** 成功页: the user's latest operation that went through. */
export default function Success() {
  return <ResultPage outcome="success" />;
}
