import { SHARED_COSTS_SERVICE, type Statement } from '@finlens/contracts/chargebacks';
import { forEachPaced } from '../../platform/event-loop';

const COLUMNS = [40, 230, 305, 380, 455];
const WIDTHS = [185, 70, 70, 70, 80];
const INDENT = 12;
/** Values drawn between turns of the event loop (each with its service lines): a statement may list thousands. */
const LINES_PER_TURN = 100;

const money = (n: number | null) => (n === null ? '' : n.toFixed(2));

/**
 * The statement as a PDF (pdfkit, as the reports' PDF): header; per value its total row (subtotal, markup,
 * total, previous month) and under it a line per service and its shared-cost share; the total; reconciliation.
 * Drawn a batch of values per turn of the event loop, so other requests are answered meanwhile.
 */
export async function statementPdf(s: Statement): Promise<Buffer> {
  // pdfkit loads with the first statement: the server's other work and its tests never need it.
  const { default: PDFDocument } = await import('pdfkit');
  const title = `Chargeback statement: ${s.showback_name}, ${s.month}`;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(16).text(title);
  doc
    .fontSize(10)
    .fillColor('#555')
    .text(`Version ${s.version} · ${s.status} · ${s.cost_type} cost · amounts in ${s.currency}`)
    .moveDown();
  doc.fillColor('black');
  const row = (cells: string[], options: { bold?: boolean; indent?: boolean } = {}) => {
    if (doc.y > doc.page.height - 80) doc.addPage();
    const y = doc.y;
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      const x = (COLUMNS[i] ?? 40) + (i === 0 && options.indent ? INDENT : 0);
      doc.text(cell, x, y, { width: WIDTHS[i], align: i === 0 ? 'left' : 'right' });
    });
    doc.x = COLUMNS[0] ?? 40;
  };
  row(['Showback value / service', 'Cost', 'Markup', 'Total', 'Previous month'], { bold: true });
  await forEachPaced(s.lines, LINES_PER_TURN, (line) => {
    const markup = `${money(line.markup)} (${line.markup_percent}%)`;
    row([line.value, money(line.subtotal), markup, money(line.total), money(line.previous_month_subtotal)], {
      bold: true,
    });
    for (const service of line.services) row([service.service, money(service.cost)], { indent: true });
    if (s.shared_cost_line) row([SHARED_COSTS_SERVICE, money(line.shared)], { indent: true });
  });
  row(['Total', money(s.subtotal), money(s.markup), money(s.total), money(s.previous_month_subtotal)], {
    bold: true,
  });
  if (s.scope_total !== null && s.unallocated !== null) {
    doc.moveDown().font('Helvetica');
    doc.text(
      `Lines ${s.subtotal.toFixed(2)} + Unallocated ${s.unallocated.toFixed(2)} = showback total ${s.scope_total.toFixed(2)} (difference ${s.difference_cents} cents).`,
    );
  }
  doc.end();
  return done;
}
