// Placeholder: this page is being built (issue 3).
import { Outlet } from "react-router";
export default function Placeholder() {
  return <Outlet />;
}
