import { DevicesPage } from "./DevicesPage.tsx";

export default function ComputersPage() {
  return <DevicesPage kind="computers" />;
}
