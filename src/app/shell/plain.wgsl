// The plain material: one colour, unlit or lit by the sun with a Lambert term, a small Blinn
// highlight and the ambient fill. A software renderer (llvmpipe, SwiftShader) runs it at a
// fraction of the cost of the PBR shader, which the cross board's 160 cells and 64 men made
// the bulk of a frame.
#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::view

struct Plain {
    colour: vec4<f32>,
    // xyz: towards the sun; w: 1 when lit.
    sun: vec4<f32>,
    // x: ambient, y: diffuse, z: highlight strength, w: highlight sharpness.
    shading: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> material: Plain;

fn luminance(c: vec3<f32>) -> f32 {
    return dot(c, vec3<f32>(0.2126, 0.7152, 0.0722));
}

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    var rgb = material.colour.rgb;
    if material.sun.w > 0.5 {
        let n = normalize(in.world_normal);
        let l = material.sun.xyz;
        let v = normalize(view.world_position.xyz - in.world_position.xyz);
        let h = normalize(l + v);
        let diffuse = max(dot(n, l), 0.0);
        let highlight = pow(max(dot(n, h), 0.0), material.shading.w) * material.shading.z;
        rgb = rgb * (material.shading.x + material.shading.y * diffuse) + vec3<f32>(highlight);
    }
#ifdef TONEMAP_IN_SHADER
#ifdef TONEMAP_METHOD_REINHARD_LUMINANCE
    // The camera's tone mapping, as the PBR shader applies it.
    let before = luminance(rgb);
    if before > 0.0 {
        rgb = rgb * ((before / (1.0 + before)) / before);
    }
#endif
#endif
    return vec4<f32>(rgb, 1.0);
}
