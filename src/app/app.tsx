export function App() {
  return (
    <main>
      <h1>PSD2 Sandbox Portal</h1>
    </main>
  );
}
