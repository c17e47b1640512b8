/** What a step did: its meaning, the requests it sent with their answers' statuses, and both bookings at the end. */
import { Link } from "wouter";
import type { Booking, Note } from "./progress";

function Bookings({ bookings }: { bookings: Booking[] }) {
  return (
    <table className="walkthrough-bookings">
      <caption>The payment's two transactions</caption>
      <thead>
        <tr>
          <th scope="col">Account holder</th>
          <th scope="col">Account</th>
          <th scope="col">Amount (NOK)</th>
          <th scope="col">Counterparty</th>
          <th scope="col">Booking date</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((booking) => (
          <tr key={booking.bban}>
            <th scope="row">{booking.owner}</th>
            <td>
              <code>{booking.bban}</code>
            </td>
            <td className="amount">{booking.amount}</td>
            <td>{booking.counterparty}</td>
            <td>{booking.bookingDate}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StepOutcome({ note, bookings }: { note: Note; bookings?: Booking[] | undefined }) {
  return (
    <div className="step-outcome">
      <p className={note.ok ? "panel panel-ok" : "panel panel-error"}>{note.text}</p>
      {note.lines.length > 0 ? (
        <ul className="step-requests" aria-label="Requests sent">
          {note.lines.map((line, index) => (
            <li key={`${String(index)}-${line}`}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {note.exchangeId ? <Link href={`/history/${encodeURIComponent(note.exchangeId)}`}>The last request and its answer, in full, in History</Link> : null}
      {bookings && bookings.length > 0 ? <Bookings bookings={bookings} /> : null}
    </div>
  );
}
