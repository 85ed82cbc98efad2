//! Shader modules, bind group layouts and render pipelines (created once per device).
//!
//! Bind groups: 0 = view uniform (all pipelines), 1 = atlas texture array + sampler (sprites,
//! trail ribbons and vertex clips), 2 = a data texture (`R32Uint` array, vertex stage): the
//! clip's (vertex clips) or the frame's trail chains (trail ribbons), 3 = per-draw clip uniform
//! with a dynamic offset (vertex clips). Four groups: WebGL2's limit.
//! Every pipeline targets the surface format and a `Depth32Float` attachment; only vertex clips
//! test and write depth, the 2D layers ignore it.

use sp_sim::document::BlendMode;

use crate::blend::{ALL_BLEND_MODES, blend_state};
use crate::clips::{CLIP_DRAW_UNIFORM_BYTES, CLIP_INSTANCE_BYTES};
use crate::sprites::SpriteInstance;
use crate::trail_skin::{TRAIL_INSTANCE_BYTES, TRAIL_VERTEX_BYTES};
use crate::wgsl::wgsl;

/// Depth format of the scene pass.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// All pipelines and layouts of the renderer.
#[derive(Debug)]
pub struct Pipelines {
    /// Group 0 layout (view uniform).
    pub view_layout: wgpu::BindGroupLayout,
    /// Group 1 layout (atlas).
    pub atlas_layout: wgpu::BindGroupLayout,
    /// Group 2 layout (a clip's data texture, or the trail data texture).
    pub clip_data_layout: wgpu::BindGroupLayout,
    /// Group 3 layout (clip draw uniform, dynamic offset).
    pub clip_draw_layout: wgpu::BindGroupLayout,
    /// Sprite pipelines indexed by [`crate::blend::blend_index`].
    pub sprite: Vec<wgpu::RenderPipeline>,
    /// GPU-skinned trail ribbon pipelines indexed by [`crate::blend::blend_index`].
    pub trail: Vec<wgpu::RenderPipeline>,
    /// Grid pipeline.
    pub grid: wgpu::RenderPipeline,
    /// Instanced vertex-clip pipelines indexed by [`crate::blend::blend_index`] (one per blend
    /// mode, chosen per draw range; f32 and u16 frames differ only in the draw uniform), depth
    /// tested.
    pub clip: Vec<wgpu::RenderPipeline>,
}

fn depth_state(test_and_write: bool) -> wgpu::DepthStencilState {
    wgpu::DepthStencilState {
        format: DEPTH_FORMAT,
        depth_write_enabled: Some(test_and_write),
        depth_compare: Some(if test_and_write {
            wgpu::CompareFunction::LessEqual
        } else {
            wgpu::CompareFunction::Always
        }),
        stencil: wgpu::StencilState::default(),
        bias: wgpu::DepthBiasState::default(),
    }
}

fn shader(device: &wgpu::Device, label: &str, body: &str) -> wgpu::ShaderModule {
    let source = format!("{}\n{}", wgsl!("shaders/view.wgsl"), body);
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    })
}

impl Pipelines {
    /// Builds everything for `format` (the surface's colour format).
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Pipelines {
        let view_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("view"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let atlas_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("atlas"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2Array,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let clip_data_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("clip data"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Uint,
                    view_dimension: wgpu::TextureViewDimension::D2Array,
                    multisampled: false,
                },
                count: None,
            }],
        });
        let clip_draw_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("clip draw"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: true,
                    min_binding_size: wgpu::BufferSize::new(CLIP_DRAW_UNIFORM_BYTES),
                },
                count: None,
            }],
        });

        let sprite_module = shader(device, "sprite", wgsl!("shaders/sprite.wgsl"));
        let sprite_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("sprite"),
            bind_group_layouts: &[Some(&view_layout), Some(&atlas_layout)],
            immediate_size: 0,
        });
        let sprite_attributes = wgpu::vertex_attr_array![
            0 => Float32x2, 1 => Float32x2, 2 => Float32x2, 3 => Float32,
            4 => Uint32, 5 => Float32x4, 6 => Unorm8x4
        ];
        let sprite_buffers = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<SpriteInstance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &sprite_attributes,
        })];
        let sprite = ALL_BLEND_MODES
            .iter()
            .map(|&mode| {
                color_pipeline(
                    device,
                    &format!("sprite {mode:?}"),
                    &sprite_layout,
                    &sprite_module,
                    ("vs_sprite", "fs_sprite"),
                    &sprite_buffers,
                    wgpu::PrimitiveTopology::TriangleStrip,
                    format,
                    mode,
                    false,
                )
            })
            .collect();

        let trail_module = shader(device, "trail", wgsl!("shaders/trail.wgsl"));
        let trail_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("trail"),
            bind_group_layouts: &[
                Some(&view_layout),
                Some(&atlas_layout),
                Some(&clip_data_layout),
            ],
            immediate_size: 0,
        });
        let trail_vertex = wgpu::vertex_attr_array![
            0 => Float32x2, 1 => Float32x4, 2 => Float32x2, 3 => Float32x2, 4 => Float32,
            5 => Uint32
        ];
        let trail_instance = wgpu::vertex_attr_array![
            6 => Uint32x2, 7 => Float32, 8 => Unorm8x4, 9 => Float32x4
        ];
        let trail_buffers = [
            Some(wgpu::VertexBufferLayout {
                array_stride: TRAIL_VERTEX_BYTES,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &trail_vertex,
            }),
            Some(wgpu::VertexBufferLayout {
                array_stride: TRAIL_INSTANCE_BYTES,
                step_mode: wgpu::VertexStepMode::Instance,
                attributes: &trail_instance,
            }),
        ];
        let trail = ALL_BLEND_MODES
            .iter()
            .map(|&mode| {
                color_pipeline(
                    device,
                    &format!("trail {mode:?}"),
                    &trail_layout,
                    &trail_module,
                    ("vs_trail", "fs_trail"),
                    &trail_buffers,
                    wgpu::PrimitiveTopology::TriangleList,
                    format,
                    mode,
                    false,
                )
            })
            .collect();

        let grid_module = shader(device, "grid", wgsl!("shaders/grid.wgsl"));
        let grid_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("grid"),
            bind_group_layouts: &[Some(&view_layout)],
            immediate_size: 0,
        });
        let grid = color_pipeline(
            device,
            "grid",
            &grid_layout,
            &grid_module,
            ("vs_grid", "fs_grid"),
            &[],
            wgpu::PrimitiveTopology::TriangleList,
            format,
            BlendMode::Normal,
            false,
        );

        let clip_module = shader(device, "clip", wgsl!("shaders/clip.wgsl"));
        let clip_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("clip"),
            bind_group_layouts: &[
                Some(&view_layout),
                Some(&atlas_layout),
                Some(&clip_data_layout),
                Some(&clip_draw_layout),
            ],
            immediate_size: 0,
        });
        let uv = wgpu::vertex_attr_array![0 => Float32x2];
        let instance = wgpu::vertex_attr_array![
            1 => Float32x4, 2 => Float32x4, 3 => Float32x4, 4 => Float32x4,
            5 => Uint32x4, 6 => Float32x4, 7 => Float32x4
        ];
        let clip_buffers = [
            Some(wgpu::VertexBufferLayout {
                array_stride: 8,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &uv,
            }),
            Some(wgpu::VertexBufferLayout {
                array_stride: CLIP_INSTANCE_BYTES,
                step_mode: wgpu::VertexStepMode::Instance,
                attributes: &instance,
            }),
        ];
        let clip = ALL_BLEND_MODES
            .iter()
            .map(|&mode| {
                color_pipeline(
                    device,
                    &format!("clip {mode:?}"),
                    &clip_layout,
                    &clip_module,
                    ("vs_clip", "fs_clip"),
                    &clip_buffers,
                    wgpu::PrimitiveTopology::TriangleList,
                    format,
                    mode,
                    true,
                )
            })
            .collect();

        Pipelines {
            view_layout,
            atlas_layout,
            clip_data_layout,
            clip_draw_layout,
            sprite,
            trail,
            grid,
            clip,
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn color_pipeline(
    device: &wgpu::Device,
    label: &str,
    layout: &wgpu::PipelineLayout,
    module: &wgpu::ShaderModule,
    (vs, fs): (&str, &str),
    buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
    topology: wgpu::PrimitiveTopology,
    format: wgpu::TextureFormat,
    blend: BlendMode,
    depth: bool,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module,
            entry_point: Some(vs),
            compilation_options: Default::default(),
            buffers,
        },
        primitive: wgpu::PrimitiveState {
            topology,
            ..Default::default()
        },
        depth_stencil: Some(depth_state(depth)),
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some(fs),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend: Some(blend_state(blend)),
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}
