// Placeholder while issue 14's page is being written: it answers "not found" until then.
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function Placeholder() {
  return null;
}
