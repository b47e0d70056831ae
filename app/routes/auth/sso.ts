// Placeholder: being built (issue 3).
export function loader() {
  return new Response("Not Found", { status: 404 });
}
