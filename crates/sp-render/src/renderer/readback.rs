//! Reading the off-screen target back (native only: tests and headless tools check pixels).

use super::Renderer;

impl Renderer {
    /// The last frame drawn off-screen ([`crate::Gpu::open_headless`]) as straight RGBA8 rows,
    /// top row first: `(width, height, bytes)`. `None` when drawing to a surface, before the
    /// first frame, or when the copy fails or takes more than ten seconds.
    pub fn read_offscreen_rgba(&self) -> Option<(u32, u32, Vec<u8>)> {
        let st = &self.state;
        let texture = st.offscreen.as_ref()?;
        let (w, h) = (texture.width(), texture.height());
        let row = u64::from(w) * 4;
        let padded = row.next_multiple_of(u64::from(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT));
        let device = &st.gpu.device;
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: padded * u64::from(h),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("readback"),
        });
        encoder.copy_texture_to_buffer(
            texture.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(u32::try_from(padded).ok()?),
                    rows_per_image: Some(h),
                },
            },
            texture.size(),
        );
        st.gpu.queue.submit([encoder.finish()]);
        let slice = buffer.slice(..);
        let (send, receive) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            // The receiver waits below; a send can only fail once it gave up.
            let _ = send.send(r.is_ok());
        });
        device
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: Some(std::time::Duration::from_secs(10)),
            })
            .ok()?;
        if !receive.try_recv().unwrap_or(false) {
            return None;
        }
        let view = slice.get_mapped_range().ok()?;
        let mut out = Vec::with_capacity((row * u64::from(h)) as usize);
        for y in 0..h as usize {
            let start = y * padded as usize;
            out.extend_from_slice(view.get(start..start + row as usize)?);
        }
        Some((w, h, out))
    }
}
