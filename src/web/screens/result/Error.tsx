import { ResultPage } from './ResultPage';

/** 失败页: the user's latest operation that was refused, with the reason. */
export default function ErrorResult() {
  return <ResultPage outcome="error" />;
}
