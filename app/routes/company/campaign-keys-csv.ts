// Placeholder while issue 14's CSV export is being written.
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}
