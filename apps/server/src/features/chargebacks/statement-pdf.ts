import type { Statement } from '@finlens/contracts/chargebacks';
import PDFDocument from 'pdfkit';

const COLUMNS = [40, 250, 320, 400, 475];
const WIDTHS = [200, 70, 70, 70, 80];

/** The statement as a one-page-per-screenful PDF (pdfkit, as the reports' PDF): header, lines, total, reconciliation. */
export function statementPdf(s: Statement): Promise<Buffer> {
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
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      doc.text(cell, COLUMNS[i], y, { width: WIDTHS[i], align: i === 0 ? 'left' : 'right' });
    });
    doc.x = COLUMNS[0] ?? 40;
  };
  row(['Showback value', 'Subtotal', 'Markup %', 'Markup', 'Total'], true);
  for (const line of s.lines) {
    if (doc.y > doc.page.height - 80) doc.addPage();
    row([
      line.value,
      line.subtotal.toFixed(2),
      `${line.markup_percent}%`,
      line.markup.toFixed(2),
      line.total.toFixed(2),
    ]);
  }
  row(['Total', s.subtotal.toFixed(2), '', s.markup.toFixed(2), s.total.toFixed(2)], true);
  if (s.scope_total !== null && s.unallocated !== null) {
    doc.moveDown().font('Helvetica');
    doc.text(
      `Lines ${s.subtotal.toFixed(2)} + Unallocated ${s.unallocated.toFixed(2)} = showback total ${s.scope_total.toFixed(2)} (difference ${s.difference_cents} cents).`,
    );
  }
  doc.end();
  return done;
}
